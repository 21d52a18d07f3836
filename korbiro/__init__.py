"""korbiro: the round's referee.

Rules checks and card-database tools for M.A.G.U.S. Kártyajáték (MK), and
engines for the board games EXXIT, XIG and Zen.  The public library surface is
small; the heavy modules are imported only when used, so that the command line
starts quickly.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
