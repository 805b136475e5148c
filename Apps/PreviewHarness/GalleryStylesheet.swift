/// The gallery's `style.css`: a responsive grid of cards, terminal text in monospace
/// and in the terminal's colours that wraps inside its card (a wide card spans the row,
/// and its text shrinks on a narrow screen until its widest line, `--columns` cells, fits:
/// no column of a table hides off the card), a pill per state kind, system fonts only.
enum GalleryStylesheet {
    /// What surrounds a wide card's text at most, in px: the page's, the card's and the
    /// text's padding and the card's border on both sides (48 + 24 + 20 + 2, rounded up).
    static let wideCardChrome = 96
    /// A monospace cell's width in em, rounded up (DejaVu Sans Mono's is 0.602).
    static let cellWidth = 0.62

    /// The stylesheet's text.
    static let css = """
        :root {
            color-scheme: light;
            --page: #f3f4f6;
            --card: #ffffff;
            --border: #d5d9e0;
            --ink: #1c1f24;
            --muted: #5b6270;
            --terminal: #16181d;
            --terminal-ink: #e6e8eb;
        }

        * { box-sizing: border-box; }
        [hidden] { display: none !important; }

        body {
            margin: 0;
            padding: 24px;
            background: var(--page);
            color: var(--ink);
            font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
        }

        header.page { max-width: 1400px; margin: 0 auto 8px; }
        h1 { margin: 0 0 4px; font-size: 26px; }
        header.page p { margin: 0 0 8px; color: var(--muted); }
        nav ul { display: flex; flex-wrap: wrap; gap: 8px 20px; margin: 0; padding: 0; list-style: none; }
        nav a { color: #1f5fbf; }
        .count { color: var(--muted); font-size: 13px; }

        .filter { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin: 14px 0 0; }
        .filter label { font-weight: 600; }
        .filter input {
            flex: 1 1 220px;
            max-width: 420px;
            padding: 6px 10px;
            border: 1px solid var(--border);
            border-radius: 6px;
            font: inherit;
        }
        .filter output { color: var(--muted); font-size: 13px; }

        main { max-width: 1400px; margin: 0 auto; }
        h2 { margin: 28px 0 12px; font-size: 20px; }

        .cards {
            display: grid;
            grid-template-columns: repeat(auto-fill, minmax(min(100%, 360px), 1fr));
            grid-auto-flow: row dense;
            gap: 16px;
            align-items: start;
        }

        .card {
            min-width: 0;
            padding: 12px 12px 14px;
            background: var(--card);
            border: 1px solid var(--border);
            border-radius: 8px;
        }

        .card[data-width="wide"] { grid-column: 1 / -1; }

        .card h3 { margin: 0; font-size: 16px; line-height: 1.3; overflow-wrap: anywhere; }

        .meta { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0 10px; font-size: 13px; color: var(--muted); }

        .card[data-kind="failure"] { border-left: 4px solid #c62828; }

        .card .name { font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }

        .state { padding: 0 8px; border-radius: 999px; font-weight: 600; }
        .state-success { background: #dcf3e2; color: #14602f; }
        .state-progress { background: #fdefd3; color: #7a4a00; }
        .state-idle { background: #e8eaee; color: #424955; }
        .state-stale { background: #fff3bf; color: #5c4700; }
        .state-failure { background: #fbe0df; color: #a31515; }

        .card pre {
            margin: 0;
            padding: 10px;
            overflow-x: auto;
            border-radius: 6px;
            background: var(--terminal);
            color: var(--terminal-ink);
            font: 12.5px/1.45 ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace;
            white-space: pre-wrap;
            overflow-wrap: break-word;
        }

        .card[data-width="wide"] pre {
            white-space: pre;
            font-size: min(12.5px, calc((100vw - \(wideCardChrome)px) / (var(--columns) * \(cellWidth))));
        }

        .sgr-bold { font-weight: 700; }
        .sgr-dim { color: #a0a6b0; }
        .sgr-red { color: #ff7b72; }
        .sgr-green { color: #56d364; }

        @media (max-width: 600px) {
            body { padding: 12px; }
            .card { padding: 10px; }
        }
        """
}
