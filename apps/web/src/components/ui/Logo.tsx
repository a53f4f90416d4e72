/** The AnyBank mark and name. Decorative mark; the text carries the name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`anybank-logo d-inline-flex align-items-center gap-2 ${className}`}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="32" height="32">
        <rect width="32" height="32" rx="6" fill="#0a3d7a" />
        <path
          d="M16 6 6 12h20L16 6Zm-8 8v9h3v-9H8Zm6.5 0v9h3v-9h-3Zm6.5 0v9h3v-9h-3ZM6 25v2h20v-2H6Z"
          fill="#fff"
        />
      </svg>
      <span className="fw-bold">AnyBank</span>
    </span>
  );
}
