/**
 * The login screens' background graphic, drawn in the experience's two login-graphic
 * colours. Purely decorative, so hidden from assistive technology.
 */
export function DecorativeShapes() {
  return (
    <svg
      aria-hidden
      focusable="false"
      viewBox="0 0 1440 900"
      preserveAspectRatio="xMidYMid slice"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      <path
        d="M0 640 C 260 560 420 760 720 700 S 1180 520 1440 600 L 1440 900 L 0 900 Z"
        fill="var(--portal-login-graphic-primary)"
        opacity="0.9"
      />
      <path
        d="M0 760 C 320 700 520 860 860 800 S 1260 700 1440 740 L 1440 900 L 0 900 Z"
        fill="var(--portal-login-graphic-secondary)"
        opacity="0.85"
      />
      <circle cx="1280" cy="140" r="180" fill="var(--portal-login-graphic-secondary)" opacity="0.25" />
      <circle cx="140" cy="120" r="90" fill="var(--portal-login-graphic-primary)" opacity="0.2" />
    </svg>
  );
}
