"""The agents' words (`words/en.toml`, … beside this module): what a person reads when an agent
spec, budget or option is wrong."""

from spielwerk.core.catalogue import CORE, Words

WORDS = Words("spielwerk.agents", parent=CORE)
say = WORDS.message
