import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import { notFound } from '../errors.js';

export type Experience = Awaited<ReturnType<ExperiencesRepository['findByCodeOrDefault']>>;

/** An experience and the images it has of its own, with the hashes of their bytes. */
export interface BrandedExperience {
  experience: Experience;
  assets: { kind: string; content_hash: string }[];
}

export function createBrandingService(deps: { experiences: ExperiencesRepository }) {
  return {
    /** An unknown or missing code falls back to the default experience, as the specification asks. */
    async getBranding(code: string | undefined): Promise<BrandedExperience> {
      const experience = await deps.experiences.findByCodeOrDefault(code);
      return { experience, assets: await deps.experiences.listAssets(experience.id) };
    },

    /** The experience the login page shows, by the same fallback. */
    getExperience(code: string | undefined): Promise<Experience> {
      return deps.experiences.findByCodeOrDefault(code);
    },

    async getAsset(code: string, kind: string): Promise<{ contentType: string; content: Buffer; contentHash: string }> {
      const asset = await deps.experiences.findAsset(code, kind);
      if (!asset) throw notFound();
      return { contentType: asset.content_type, content: Buffer.from(asset.content), contentHash: asset.content_hash };
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
