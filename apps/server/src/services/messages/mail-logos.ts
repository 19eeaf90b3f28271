import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { BRAND_IMAGE_MAX_SIDE, type Locale } from '@portal/contract';
import type { ExperiencesRepository } from '../../db/repositories/experiences.repository.js';
import type { Tx } from '../../db/transact.js';
import type { InlineImage, MailLogo, OutgoingMail } from '../../transports/mail/mail-transport.js';

/** The height a message draws its logo at, in CSS pixels. */
export const MAIL_LOGO_HEIGHT = 40;
/** Twice the drawn height: sharp on high-density screens, and still a few kilobytes. */
const PNG_HEIGHT = MAIL_LOGO_HEIGHT * 2;
/** Drawn versions kept in memory: a few brands, whose logos change rarely. */
const KEPT_VERSIONS = 64;
const LOGO_CID = 'brand-logo@portal';

/**
 * Brand logos as mail programs show them: a PNG inside the message, shown by its content id.
 * Logos are often SVG, or images on the portal's own origin, which Gmail and Outlook do not show;
 * each version is drawn once per process (by its hash) and referred to by queued messages, which
 * get the image when they leave.
 */
export function createMailLogos(deps: { experiences: Pick<ExperiencesRepository, 'listAssets' | 'findAsset'>; logger: FastifyBaseLogger }) {
  const drawn = new Map<string, Promise<Buffer | null>>();

  /** Null when the bytes are no image sharp reads (an icon file): the message then shows the brand's name instead. */
  async function drawPng(bytes: Buffer, logo: Omit<MailLogo, 'cid'>): Promise<Buffer | null> {
    try {
      // sharp decodes on its own threads, within the portal's limit for brand images.
      return await sharp(bytes, { limitInputPixels: BRAND_IMAGE_MAX_SIDE ** 2 })
        .resize({ height: PNG_HEIGHT })
        .png()
        .toBuffer();
    } catch (error) {
      deps.logger.warn({ err: error, experience: logo.experienceCode, kind: logo.kind }, 'a brand logo cannot be drawn for e-mail');
      return null;
    }
  }

  function pngOf(logo: Omit<MailLogo, 'cid'>, trx?: Tx): Promise<Buffer | null> {
    const kept = drawn.get(logo.contentHash);
    if (kept) return kept;
    const drawing = deps.experiences
      .findAsset(logo.experienceCode, logo.kind, trx)
      .then((asset) => (asset ? drawPng(Buffer.from(asset.content), logo) : null));
    // A failed read is not kept: the next message asks again.
    drawing.catch(() => drawn.delete(logo.contentHash));
    drawn.set(logo.contentHash, drawing);
    if (drawn.size > KEPT_VERSIONS) drawn.delete(drawn.keys().next().value!);
    return drawing;
  }

  return {
    /**
     * The logo a message in `language` shows: the English one for English readers when the brand
     * has one, as the portal's header does. Null when the brand has no logo that can be drawn.
     */
    async logoFor(experience: { id: number; code: string }, language: Locale, trx?: Tx): Promise<MailLogo | null> {
      const assets = await deps.experiences.listAssets(experience.id, trx);
      const version = (kind: MailLogo['kind']) => assets.find((asset) => asset.kind === kind)?.content_hash;
      const kind = language === 'en' && version('logo-en') ? 'logo-en' : 'logo';
      const contentHash = version(kind);
      if (!contentHash) return null;
      const logo = { experienceCode: experience.code, kind, contentHash } as const;
      return (await pngOf(logo, trx)) ? { cid: LOGO_CID, ...logo } : null;
    },

    /** The images a queued message shows inline, drawn as it leaves; a logo removed meanwhile is left out. */
    async inlineImagesOf(message: OutgoingMail): Promise<InlineImage[]> {
      if (!message.logo) return [];
      const png = await pngOf(message.logo);
      return png ? [{ cid: message.logo.cid, filename: 'logo.png', contentType: 'image/png', content: png }] : [];
    },
  };
}
export type MailLogos = ReturnType<typeof createMailLogos>;
