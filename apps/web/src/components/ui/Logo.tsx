import { useBrand } from '../../lib/brand';

/**
 * The bank's mark and name (ADR 0020: the brand in use). The mark is decorative, the text
 * carries the name: an uploaded logo, or the default building in the brand's primary colour.
 */
export function Logo({ className = '' }: { className?: string }) {
  const brand = useBrand();
  return (
    <span className={`anybank-logo d-inline-flex align-items-center gap-2 ${className}`}>
      {brand.customLogo ? (
        <img src={brand.logoUrl} alt="" className="anybank-logo-image" height={32} />
      ) : (
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 32 32"
          width="32"
          height="32"
          className="anybank-logo-mark"
        >
          <rect width="32" height="32" rx="6" fill="#0a3d7a" />
          <path
            d="M16 6 6 12h20L16 6Zm-8 8v9h3v-9H8Zm6.5 0v9h3v-9h-3Zm6.5 0v9h3v-9h-3ZM6 25v2h20v-2H6Z"
            fill="#fff"
          />
        </svg>
      )}
      <span className="fw-bold">{brand.bankName}</span>
    </span>
  );
}
