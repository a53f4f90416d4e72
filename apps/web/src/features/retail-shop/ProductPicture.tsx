/**
 * The shop's product pictures, drawn here (no image is downloaded): a trail running shoe, a
 * merino sock and a canister of camping stove fuel. Decorative: the product's name is written
 * beside each.
 */
export function ProductPicture({ id }: { id: string }) {
  return (
    <svg className="shop-product-picture" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <rect width="96" height="96" rx="12" fill="#efe6d6" />
      {id === 'trail-running-shoes' ? (
        <g>
          {/* The sole, its lugs, the upper and the laces. */}
          <path d="M10 66 h70 a8 8 0 0 1 -6 8 H16 a6 6 0 0 1 -6 -6 z" fill="#2d2a26" />
          <path
            d="M18 74 v4 M30 74 v4 M42 74 v4 M54 74 v4 M66 74 v4"
            stroke="#2d2a26"
            strokeWidth="3"
          />
          <path
            d="M12 66 C12 52 20 44 30 40 L44 34 C50 44 60 50 72 54 C80 56 84 60 82 66 Z"
            fill="#c8781e"
          />
          <path d="M30 40 L36 56 M37 37 L43 52 M44 34 L50 48" stroke="#fbf7f0" strokeWidth="2.5" />
          <path d="M12 62 H82" stroke="#1f4d3a" strokeWidth="3" />
        </g>
      ) : id === 'camping-stove-fuel' ? (
        <g>
          {/* A squat gas canister: its body, its label band, the valve and a small flame. */}
          <rect x="24" y="38" width="48" height="42" rx="10" fill="#c8781e" />
          <rect x="24" y="52" width="48" height="12" fill="#fbf7f0" />
          <path d="M34 58 h28" stroke="#1f4d3a" strokeWidth="3" />
          <path d="M34 38 c0 -6 6 -10 14 -10 s14 4 14 10 z" fill="#2d2a26" />
          <rect x="44" y="20" width="8" height="9" rx="2" fill="#2d2a26" />
          <path d="M48 8 c5 5 6 9 0 12 c-6 -3 -5 -7 0 -12 z" fill="#1f4d3a" />
        </g>
      ) : (
        <g>
          {/* The cuff, the leg and the foot of a sock. */}
          <path
            d="M36 14 h24 v40 c0 6 4 8 10 10 c8 3 10 10 6 16 c-3 5 -9 6 -16 4 L34 76 c-8 -3 -10 -9 -8 -16 z"
            fill="#1f4d3a"
          />
          <rect x="36" y="14" width="24" height="10" fill="#c8781e" />
          <path d="M36 30 h24 M36 36 h24 M36 42 h24" stroke="#fbf7f0" strokeWidth="1.5" />
        </g>
      )}
    </svg>
  );
}
