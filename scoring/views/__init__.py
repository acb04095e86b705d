"""The game pages, by what each does: ``games`` (the list, the start, the game's page, its
history and record), ``hands`` (a hand entered, fixed, previewed, deleted), ``ending`` (the
end, an early end, final scores, reopen, void, move to a league), ``chips`` (chips counted at
the end), ``imports`` (a Tenhou log); ``screen`` draws the hand screen every page of a game
shares, ``common`` holds the lookup, the redirect and the statuses.

Each view: the permission lookup (``clubs.access``), one form, one service call, then a render
or a redirect. With htmx a POST answers with the part of the page it changed; without, with the
full page. A refused change answers 422 (the engine's message in the form) or 409 (another
tablet changed the game: the form comes back with the scorekeeper's inputs and the fresh state).
"""
