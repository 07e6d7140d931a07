/** The portal's mark: a control cabinet with its mounting rails. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Schaltschrank-Portal">
      <title>Schaltschrank-Portal</title>
      <rect width="32" height="32" rx="6" fill="#1c4e80" />
      <path d="M9 8h14v16H9z" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M16 8v16M12 12h2M12 16h2M18 12h2M18 16h2" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
