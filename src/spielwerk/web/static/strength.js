// The plain words for how strongly an agent plays (the lobby offers each agent by one; the server
// says which word an agent's spec has), in the page's language.

import { t } from "./i18n.js";

export const STRENGTHS = { easy: t("easy"), medium: t("medium"), strong: t("strong"), strongest: t("strongest") };

// An agent as people read it: its strength word, else its spec as written ("mcts:300ms").
export function agentName(spec, strength) {
  return strength && Object.hasOwn(STRENGTHS, strength) ? STRENGTHS[strength] : spec;
}
