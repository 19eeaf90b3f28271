import { imageSize } from 'image-size';
import { BRAND_IMAGE_MAX_SIDE, BRAND_IMAGE_MIN_SIDE, CONSOLE_TENANT_ERROR_KEYS } from '@portal/contract';
import { AppError } from '../errors.js';

/** What an accepted image is, read from its bytes: never from the name or type the request gives it. */
export interface AcceptedImage {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/x-icon';
  /** The usual file extension of that type, for names the portal gives the image. */
  extension: 'png' | 'jpg' | 'webp' | 'ico';
  width: number;
  height: number;
}

/** The types image-size recognises that the portal accepts, by the name image-size gives them (their usual extension). */
const CONTENT_TYPES: Record<AcceptedImage['extension'], AcceptedImage['contentType']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

function isAcceptedExtension(type: string | undefined): type is AcceptedImage['extension'] {
  return type !== undefined && Object.hasOwn(CONTENT_TYPES, type);
}

/** SVG is text: its first non-blank characters open an XML declaration, a comment, a doctype or the svg element. */
function looksLikeSvg(bytes: Buffer): boolean {
  const start = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return start.startsWith('<?xml') || start.startsWith('<svg') || start.startsWith('<!--') || start.startsWith('<!doctype svg');
}

/**
 * Accepts a PNG, JPEG, WebP or ICO image whose sides are within the limits: the console's brand
 * images and document type thumbnails. SVG is refused: it may hold scripts, event handlers and
 * outside references, and a sanitiser that missed one would serve it from the portal's own origin.
 */
export function requireAcceptedImage(bytes: Buffer): AcceptedImage {
  if (looksLikeSvg(bytes)) {
    throw new AppError(400, CONSOLE_TENANT_ERROR_KEYS.imageSvg, 'SVG images are not accepted: send a PNG, JPEG, WebP or ICO image.');
  }
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw new AppError(400, CONSOLE_TENANT_ERROR_KEYS.imageType, 'The file is not a PNG, JPEG, WebP or ICO image.');
  }
  if (!isAcceptedExtension(size.type)) {
    throw new AppError(400, CONSOLE_TENANT_ERROR_KEYS.imageType, 'The file is not a PNG, JPEG, WebP or ICO image.');
  }
  const { width = 0, height = 0 } = size;
  if ([width, height].some((side) => side < BRAND_IMAGE_MIN_SIDE || side > BRAND_IMAGE_MAX_SIDE)) {
    throw new AppError(
      400,
      CONSOLE_TENANT_ERROR_KEYS.imageDimensions,
      `The image is ${width} × ${height} pixels: each side must be ${BRAND_IMAGE_MIN_SIDE} to ${BRAND_IMAGE_MAX_SIDE}.`,
    );
  }
  return { contentType: CONTENT_TYPES[size.type], extension: size.type, width, height };
}
