"""``korbiro resolve FILE…``: resolve ruling scenarios on the timeline (időfonal)."""

from __future__ import annotations

from typing import Any

import click

from ._common import db_option, echo_json, format_option, lang_option


def _options(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for value in values:
        name, sep, val = value.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{value!r} is not NAME=VALUE")
        out[name.strip()] = val.strip()
    return out


@click.command("resolve")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@db_option
@format_option(("text", "json"))
@lang_option
@click.option("--option", "options", multiple=True, callback=_options, metavar="NAME=VALUE",
              help="Override a scenario option (a reading of a rulebook gap; docs/rulings.md). Repeatable.")
@click.pass_context
def resolve(ctx: click.Context, files: tuple[str, ...], db: str | None, fmt: str, lang: str | None,
            options: dict[str, str]) -> None:
    """Resolve each ruling scenario FILE and print its numbered trace.

    Every trace line names the MK rule behind it; rules of the archived page
    are marked "archived" and apply only in scenarios of format archivalt.
    With an ``expect:`` block a scenario is a test: a mismatch is printed as
    a diff.  An action that breaks a rule is refused with that rule and the
    script goes on.

    Exit 0 when every scenario passes, 1 when an expectation fails or an
    action was refused unexpectedly, 2 when a file cannot be read or is not
    a valid scenario (file:line).

    \b
    Examples:
      korbiro resolve examples/rulings/kincskereses-osszeadodik.yaml
      korbiro resolve examples/rulings/*.yaml --format json
      korbiro resolve ruling.yaml --option neutralised_to=melyseg --lang hu
    """
    from ..base.errors import DataError, KorbiroError
    from ..base.i18n import detect_lang
    from ..data.index import open_index
    from ..data.paths import default_db_path
    from ..rules.mk.timeline.rules import OPTIONS
    from ..rules.mk.timeline.scenario import run_file

    lang = detect_lang(lang)
    for name in options:
        if name not in OPTIONS:
            raise click.BadParameter(f"unknown option {name!r}; known: {', '.join(OPTIONS)}", param_hint="'--option'")
    try:
        idx = open_index([default_db_path(db)])
    except DataError as exc:
        for f in exc.findings:
            click.echo(f"Error: {f.render_text(lang)}", err=True)
        ctx.exit(2)

    def lookup(name: str) -> Any:
        return idx.lookup(name, suggest=False).card

    worst = 0
    out: list[dict[str, Any]] = []
    for path in files:
        try:
            result = run_file(path, lookup=lookup, options=options)
        except KorbiroError as exc:
            worst = 2
            findings = exc.findings
            if fmt == "json":
                out.append({"file": path, "passed": None, "errors": [f.to_dict(lang) for f in findings]})
            else:
                for f in findings:
                    click.echo(f"Error: {f.render_text(lang)}", err=True)
            continue
        if not result.passed:
            worst = max(worst, 1)
        if fmt == "json":
            out.append(result.to_dict(lang))
            continue
        _print_text(result, lang)
    if fmt == "json":
        echo_json(out)
    ctx.exit(worst)


def _print_text(result: Any, lang: str) -> None:
    hu = lang == "hu"
    click.echo(f"{result.path}: {result.title} [{result.format}]")
    steps = {n: (s, ln, t) for s, ln, t, n in result.steps}
    for event in result.trace:
        if event.n in steps:
            s, ln, t = steps[event.n]
            click.echo(f"  {'lépés' if hu else 'step'} {s} ({'sor' if hu else 'line'} {ln}): {t}")
        click.echo("  " + event.render(lang))
    for r in result.refusals:
        word = "ELUTASÍTVA" if hu else "REFUSED"
        click.echo(f"  {word} {'lépés' if hu else 'step'} {r.step} ({'sor' if hu else 'line'} {r.line}): {r.text}")
        click.echo(f"       [{r.rule}] {r.hu if hu else r.message}")
    if result.passed:
        verdict = ("MEGFELEL" if hu else "PASS") if result.has_expect else ("kész" if hu else "done")
        click.echo(f"  {verdict}")
    else:
        click.echo(f"  {'ELTÉRÉS' if hu else 'FAIL'}")
        for d in result.diffs:
            click.echo(f"  - {d}")
