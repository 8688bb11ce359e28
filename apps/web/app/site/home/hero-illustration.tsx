/** The hero picture: a shield over a network of edge nodes, drawn in the theme colour. */
export function HeroIllustration() {
  const nodes = [
    [60, 70],
    [180, 40],
    [300, 80],
    [340, 200],
    [280, 300],
    [150, 320],
    [40, 230],
    [110, 160],
    [250, 170],
  ] as const;
  const links = [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 6],
    [6, 0],
    [0, 7],
    [7, 8],
    [8, 2],
    [7, 5],
    [8, 4],
    [1, 7],
    [6, 7],
    [3, 8],
  ] as const;
  return (
    <svg className="hero__art" viewBox="0 0 380 360" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="var(--brand)" stopOpacity="0.45" />
          <stop offset="100%" stopColor="var(--brand)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="190" cy="180" r="175" fill="url(#hero-glow)" />
      <g stroke="rgba(255,255,255,0.28)" strokeWidth="1.5">
        {links.map(([a, b]) => (
          <line key={`${a}-${b}`} x1={nodes[a][0]} y1={nodes[a][1]} x2={nodes[b][0]} y2={nodes[b][1]} />
        ))}
      </g>
      {nodes.map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r="9" fill="var(--brand)" opacity="0.35" />
          <circle cx={x} cy={y} r="4.5" fill="#fff" />
        </g>
      ))}
      <g transform="translate(130 105)">
        <path
          d="M60 0 0 22v42c0 37 25.6 68.8 60 79 34.4-10.2 60-42 60-79V22L60 0Z"
          fill="var(--brand)"
          stroke="#fff"
          strokeWidth="4"
        />
        <path d="m52 96-24-24 9-9 15 15 33-33 9 9-42 42Z" fill="#fff" />
      </g>
    </svg>
  );
}
