"""The conformance suite: every registered game, checked through the public contract only."""
