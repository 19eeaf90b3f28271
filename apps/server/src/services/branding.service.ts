import type { ExperienceBranding } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import { notFound } from '../errors.js';
import { presentBranding } from '../presenters/branding.presenter.js';

export function createBrandingService(deps: { experiences: ExperiencesRepository }) {
  return {
    /** An unknown or missing code falls back to the default experience, as the specification asks. */
    async getBranding(code: string | undefined): Promise<ExperienceBranding> {
      const experience = await deps.experiences.findByCodeOrDefault(code);
      return presentBranding(experience, await deps.experiences.listAssetKinds(experience.id));
    },

    async getDisplayLogin(code: string | undefined) {
      const experience = await deps.experiences.findByCodeOrDefault(code);
      return { experienceCode: experience.code, hasOnboarding: experience.onboarding_enabled };
    },

    async getAsset(code: string, kind: string): Promise<{ contentType: string; content: Buffer }> {
      const asset = await deps.experiences.findAsset(code, kind);
      if (!asset) throw notFound();
      return { contentType: asset.content_type, content: Buffer.from(asset.content) };
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
