"""The English help of the board games' ``moves|replay|show`` and of the options they share.

click takes a command's help when it builds the command, at every start: kept here, it costs no reading
of the catalogue (a board game's command that prints no message opens none).  The catalogue's
``HELP.*`` templates say the same in English and in Hungarian (``--lang hu``, :mod:`.clickwords`);
``tests/cli/test_board_game_words.py`` keeps the English the same in both."""

from __future__ import annotations

HELP: dict[str, str] = {
    'HELP.exxit.moves': 'List the legal moves in POSITION, one per line, sorted.',
    'HELP.exxit.replay': (
        'Replay RECORD and report every move that breaks a rule.\n'
        '\n'
        'Exit 0 when every move is legal, 1 when some move breaks a rule.  Options\n'
        "given with -o override the record's option headers.  The text output\n"
        'shows at most --max-findings violations, then how many more there were.'
    ),
    'HELP.exxit.show': (
        'Draw a position as text (and, with --svg, as a picture).\n'
        '\n'
        'The file is a position file, or a record: its final position, or with\n'
        '--ply N the position after ply N.  Each hex shows its coordinates over '
        'its\n'
        'contents: W or B for the tile, then the chips bottom to top in lower case;\n'
        '* marks prisoners off the board.'
    ),
    'HELP.xig.moves': (
        'List the legal plays in STATE and which tile each would knock out.\n'
        '\n'
        'STATE is a position file (kind: xig-position) or a record, whose final\n'
        'position is used.'
    ),
    'HELP.xig.replay': (
        'Replay game RECORDS and report every rule violation.\n'
        '\n'
        'Each violation names its turn (0 for the set-up), the move, a stable code\n'
        'and the rule (at most --max-findings per record in the text output, then\n'
        'how many more there were).  Exit 0 when every record is legal, 1 when '
        'one\n'
        'breaks a rule, 2 when a file cannot be read.  JSON: one object per record, '
        '{"valid",\n'
        '"violations": [{"ply", "move", "code", "rule", ...}], "result": {"score",\n'
        '"winner"}}; a list of them for several records.'
    ),
    'HELP.xig.show': (
        'Draw each Pathway in STATE with its protected and unprotected tiles.\n'
        '\n'
        'STATE is a position file (kind: xig-position) or a record, whose final\n'
        'position is shown, or with --ply N the position after turn N.'
    ),
    'HELP.zen.moves': (
        'List every legal turn in STATE (a position file, or a record: after its '
        'last turn).'
    ),
    'HELP.zen.replay': (
        'Check game RECORDS turn by turn: every violation with its turn, code and '
        'rule.\n'
        '\n'
        'Exits 1 when a record breaks a rule, 2 when a file cannot be read.  The\n'
        'text output shows at most --max-findings violations per record, then how\n'
        'many more there were.'
    ),
    'HELP.zen.show': (
        'Draw the tower of STATE floor by floor (top first), with cards and scores.\n'
        '\n'
        'STATE is a position file, or a record: drawn after its last turn, or with\n'
        '--ply N after turn N.  --format yaml prints it as a position file.'
    ),
    'HELP.option.--svg': (
        'Also write an SVG picture of the position to PATH (atomically; a new path '
        'or a regular file).'
    ),
    'HELP.option.--svg-dir.ply': (
        'Also draw one picture a ply into DIR (ply-000.svg is the start; created '
        'if missing); a move that breaks a rule has a red frame and the rule in '
        'its caption.'
    ),
    'HELP.option.--svg-dir.turn': (
        'Also draw one picture a turn into DIR (ply-000.svg is the set-up; created '
        'if missing); a turn that breaks a rule has a red frame and the rule in '
        'its caption.  One record only.'
    ),
    'HELP.option.--ply.ply': (
        'FILE is a record: show the position after its ply N (0 is the start).'
    ),
    'HELP.option.--ply.turn': (
        'STATE is a record: show the position after its turn N (0 is the set-up).'
    ),
}
