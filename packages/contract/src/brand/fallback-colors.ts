import type { BrandColors } from '../schemas/branding.js';

/**
 * Neutral colours for the moment before an experience's branding arrives, or if it cannot. They
 * pass the contrast gate, as every brand must.
 */
export const FALLBACK_BRAND_COLORS: BrandColors = {
  primary: '#1c5fa8',
  accent: '#b35f00',
  secondary: '#5c6b7a',
  linkHover: '#124173',
  buttonHover: '#174f8c',
  text: '#212529',
  title: '#1c3d5a',
  card: '#ffffff',
  body: '#f4f6f8',
  header: '#ffffff',
  footer: '#1c3d5a',
  loginBackground: '#e9eef3',
  rowHighlight: '#e7f0fa',
  loginGraphicPrimary: '#1c5fa8',
  loginGraphicSecondary: '#e07b00',
};
