"""rulecheck: Magic: The Gathering rules questions answered by clingo, with the CR rules behind them."""

__version__ = "0.1.0"
