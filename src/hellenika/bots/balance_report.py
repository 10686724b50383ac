"""The balance report's page: plots (matplotlib, PNG files beside the page and embedded in it) and tables.

Everything written into the page is escaped (bot specs, option values and component names come from the
command line and the games' data). The page needs no script and no network: the images are ``data:`` URLs.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from hellenika.bots.balance import MIN_GROUP, notable

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem;
       color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th, td { border-bottom: 1px solid #e2e2e2; padding: 0.2rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; height: auto; }
.note { background: #fff8e1; border-left: 4px solid #f0b400; padding: 0.6rem 1rem; }
.small { color: #555; font-size: 0.85rem; }
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _ci(ci: list[float] | None, percent: bool = False, digits: int = 2) -> str:
    if ci is None:
        return "-"
    if percent:
        return f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%"
    return f"{ci[0]:.{digits}f} to {ci[1]:.{digits}f}"


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _table(head: list[str], rows: list[list[str]]) -> str:
    """Cells are escaped here."""
    out = ["<table><thead><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def plot_all(report: dict[str, Any], out: Path) -> dict[str, Path]:
    """Write the report's figures as PNG files in ``out``; their paths by name."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths: dict[str, Path] = {}
    title = f"{report['title']}, {report['players']} players, {report['games']} games"

    # Seat order: by seat, and by position in the first round.
    seats = report["seats"]
    panels = 2 if report["turn_order"] else 1
    fig, axes = plt.subplots(1, panels, figsize=(5.5 * panels, 3.8), squeeze=False)
    fair = report["first_seat"]["fair_share"] if report["first_seat"] else None
    groups = [("Win rate by seat", [s["participant"] for s in seats], seats)]
    if report["turn_order"]:
        order = report["turn_order"]
        groups.append(("Win rate by first-round turn position", [str(r["position"]) for r in order], order))
    for ax, (name, labels, rows) in zip(axes[0], groups, strict=True):
        rates = [100 * r["win_rate"] for r in rows]
        low = [100 * (r["win_rate"] - r["ci95"][0]) for r in rows]
        high = [100 * (r["ci95"][1] - r["win_rate"]) for r in rows]
        ax.bar(range(len(rows)), rates, color="#4c78a8", alpha=0.8)
        ax.errorbar(range(len(rows)), rates, yerr=[low, high], fmt="none", ecolor="black", capsize=5)
        if fair is not None:
            ax.axhline(100 * fair, color="#d62728", linestyle="--", linewidth=1, label="equal share")
            ax.legend(loc="upper right", fontsize=8)
        ax.set_xticks(range(len(rows)), labels, rotation=15 if len(labels) > 3 else 0, fontsize=8)
        ax.set_ylabel("first places (%), 95% Wilson interval")
        ax.set_title(name, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    paths["seats"] = out / "seats.png"
    fig.savefig(paths["seats"], dpi=110)
    plt.close(fig)

    # Scores and game length.
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8))
    for seat, histogram in zip(seats, report["scores"]["by_participant"], strict=True):
        if histogram:
            values = [v for v, _ in histogram]
            counts = [c for _, c in histogram]
            bins = min(30, max(1, len(values)))
            left.hist(
                values, bins=bins, weights=counts, histtype="step", linewidth=1.5, label=seat["participant"]
            )
    left.set_xlabel("final score")
    left.set_ylabel("games")
    left.set_title("Score distribution", fontsize=10)
    left.legend(fontsize=7)
    left.grid(alpha=0.3)
    for key, colour in (("actions", "#4c78a8"), ("decisions", "#f58518")):
        histogram = report["length"][key]["histogram"]
        if histogram:
            values = [v for v, _ in histogram]
            counts = [c for _, c in histogram]
            right.hist(values, bins=min(30, len(values)), weights=counts, alpha=0.6, color=colour, label=key)
    right.set_xlabel("per game")
    right.set_ylabel("games")
    right.set_title("Game length (all actions, and decisions)", fontsize=10)
    right.legend(fontsize=8)
    right.grid(alpha=0.3)
    fig.tight_layout()
    paths["scores"] = out / "scores.png"
    fig.savefig(paths["scores"], dpi=110)
    plt.close(fig)

    # Components: mean place of takers and of the others, the largest differences.
    rows = notable(report["components"])
    if rows:
        fig, ax = plt.subplots(figsize=(10, 1.2 + 0.32 * len(rows)))
        names = [
            f"{c['source']}: {c['component']}" + (f" ({c['label']})" if c["label"] else "") for c in rows
        ]
        ys = list(range(len(rows)))[::-1]
        for offset, side, colour, label in (
            (0.15, "takers_place", "#2ca02c", "took it"),
            (-0.15, "others_place", "#7f7f7f", "did not"),
        ):
            means = [c[side]["mean"] for c in rows]
            low = [c[side]["mean"] - c[side]["ci95"][0] for c in rows]
            high = [c[side]["ci95"][1] - c[side]["mean"] for c in rows]
            ax.errorbar(
                means,
                [y + offset for y in ys],
                xerr=[low, high],
                fmt="o",
                color=colour,
                capsize=3,
                label=label,
            )
        ax.set_yticks(ys, [n if len(n) <= 60 else n[:57] + "..." for n in names], fontsize=7)
        ax.set_xlabel("mean place (1 = first), 95% interval")
        ax.invert_xaxis()
        ax.set_title(
            f"Components: mean place of seats that took it v the others (largest differences, at least "
            f"{MIN_GROUP} each)",
            fontsize=9,
        )
        ax.legend(fontsize=8, loc="lower left")
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        paths["components"] = out / "components.png"
        fig.savefig(paths["components"], dpi=110)
        plt.close(fig)
    return paths


def _image(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<p><img src="data:image/png;base64,{data}" alt="{_e(alt)}"></p>'


def write_html(report: dict[str, Any], plots: dict[str, Path], path: Path) -> None:
    """The page: a summary, the figures and every table, escaped."""
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items()) or "none"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{_e(report['title'])}: balance report</title><style>{STYLE}</style></head><body>",
        f"<h1>{_e(report['title'])}: balance report</h1>",
        _table(
            ["", ""],
            [
                ["game", f"{report['game']} (rules {report['rules_version']})"],
                ["players", str(report["players"])],
                ["options", options],
                ["bots (in seat order, rotated)", ", ".join(report["bots"])],
                ["games", str(report["games"])],
                ["seed", str(report["seed"])],
                ["hellenika", report["hellenika"]],
            ],
        ),
    ]
    if report.get("interrupted"):
        stop = report["interrupted"]
        parts.append(
            f"<p class='note'>Stopped early: {_e(stop['finished'])} of {_e(stop['planned'])} games.</p>"
        )
    parts.append("<h2>Seat order</h2>")
    if report["first_seat"]:
        first = report["first_seat"]
        advantage = f"{100 * first['advantage']:+.1f}"
        parts.append(
            f"<p>The first player in turn order wins {_e(_pct(first['win_rate']))} of the games "
            f"(95% interval {_e(_ci(first['ci95'], percent=True))}); an equal share is "
            f"{_e(_pct(first['fair_share']))}, so the first-seat advantage is {_e(advantage)} percentage "
            "points.</p>"
        )
    if "seats" in plots:
        parts.append(_image(plots["seats"], "Win rate by seat and by turn position with 95% intervals"))
    parts.append(
        _table(
            ["seat", "games", "first places", "95% interval", "mean score", "mean place"],
            [
                [
                    s["participant"],
                    str(s["games"]),
                    _pct(s["win_rate"]),
                    _ci(s["ci95"], percent=True),
                    _num(s["score"]["mean"], 1),
                    _num(s["place"]["mean"]),
                ]
                for s in report["seats"]
            ],
        )
    )
    if report["turn_order"]:
        parts.append(
            _table(
                ["first-round position", "games", "first places", "95% interval"],
                [
                    [str(r["position"]), str(r["games"]), _pct(r["win_rate"]), _ci(r["ci95"], percent=True)]
                    for r in report["turn_order"]
                ],
            )
        )
    if len(report["by_bot"]) > 1:
        parts.append("<h2>Bots</h2>")
        parts.append(
            _table(
                ["bot", "seat-games", "first places", "95% interval", "mean place"],
                [
                    [
                        b["bot"],
                        str(b["games"]),
                        _pct(b["win_rate"]),
                        _ci(b["ci95"], percent=True),
                        _num(b["place"]["mean"]),
                    ]
                    for b in report["by_bot"]
                ],
            )
        )
    length = report["length"]
    parts.append("<h2>Scores and game length</h2>")
    parts.append(
        f"<p>A game takes {_e(_num(length['actions']['mean'], 1))} actions on average (chance included; "
        f"{_e(length['actions']['histogram'][0][0] if length['actions']['histogram'] else '-')} to "
        f"{_e(length['actions']['histogram'][-1][0] if length['actions']['histogram'] else '-')}), "
        f"{_e(_num(length['decisions']['mean'], 1))} of them decisions.</p>"
    )
    if "scores" in plots:
        parts.append(_image(plots["scores"], "Score distribution by seat, and game length"))
    parts.append("<h2>Components</h2>")
    parts.append(f"<p class='small'>Where they come from: {_e(report['component_sources'])}</p>")
    parts.append(f"<p class='note'><strong>What this cannot show.</strong> {_e(report['caveats'])}</p>")
    if "components" in plots:
        parts.append(_image(plots["components"], "Mean place of takers and non-takers of each component"))
    rows = []
    for c in report["components"]:
        diff = c["difference"]
        rows.append(
            [
                c["component"],
                c["label"] or "",
                c["source"],
                str(c["seat_games"]),
                _pct(c["take_rate"]),
                _num(c["takers_place"]["mean"]),
                _ci(c["takers_place"]["ci95"]),
                _num(c["others_place"]["mean"]),
                _ci(c["others_place"]["ci95"]),
                "-" if diff is None else f"{diff['value']:+.2f} ({_ci(diff['ci95'])})",
            ]
        )
    parts.append(
        "<p class='small'>Take rate: share of all seat-games in which the seat took it. Place: 1 is first; "
        "a negative difference means the takers placed better.</p>"
    )
    parts.append(
        _table(
            [
                "component",
                "name",
                "source",
                "seat-games",
                "take rate",
                "takers' place",
                "95%",
                "others' place",
                "95%",
                "difference (95%)",
            ],
            rows,
        )
    )
    parts.append("</body></html>\n")
    path.write_text("".join(parts), encoding="utf-8")
