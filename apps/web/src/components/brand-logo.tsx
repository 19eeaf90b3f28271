import type { CSSProperties } from 'react';

interface BrandLogoProps {
  src: string;
  alt: string;
  maxWidth: number;
  maxHeight: number;
  className?: string;
}

/** An experience's logo, kept within the size limits its branding sets. */
export function BrandLogo({ src, alt, maxWidth, maxHeight, className }: BrandLogoProps) {
  const style: CSSProperties = {
    display: 'block',
    maxWidth: `min(${maxWidth}px, 60vw)`,
    maxHeight,
    width: 'auto',
    height: 'auto',
  };
  return <img src={src} alt={alt} style={style} className={className} />;
}
