"""Hostile clients at a size that runs in seconds (docs/security.md, "Hostile clients").

The full-size attacks, with their figures, are in bench/attacks.py.
"""
