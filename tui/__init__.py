"""Wartable's terminal user interface (Textual). It never decides a rule."""
