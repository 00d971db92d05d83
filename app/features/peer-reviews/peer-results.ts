/**
 * The peer round's result for one reviewed person (docs/decisions/1022, 1430), client-safe and pure: self,
 * the peers' average and the leader per criterion. Peers enter the average only once their answers are
 * released — in batches of at least the anonymity threshold (a cluster setting, never below 3), so no two
 * views ever differ by one peer's answers — and individual peer answers never leave this function.
 */

export const MIN_PEER_THRESHOLD = 3;

export type PeerSide = "self" | "peer" | "leader";

export type PeerAnswerRow = {
  assignmentId: string;
  role: PeerSide;
  criterionId: string;
  /** 0 = not rated (left out of averages). */
  score: number;
  finished: boolean;
  /** Released into the results with a whole batch (decision 1430); only peers are ever released. */
  released: boolean;
};

/** The threshold in force: the cluster's setting, but never below 3. */
export function effectiveThreshold(setting: number | null | undefined): number {
  const value = Number.isFinite(setting) ? Math.floor(setting as number) : MIN_PEER_THRESHOLD;
  return Math.max(MIN_PEER_THRESHOLD, value);
}

/** Whether peer averages may be shown to the reviewed person: from the threshold of released peers on. */
export function peerAveragesVisible(peersReleased: number, setting: number | null | undefined): boolean {
  return peersReleased >= effectiveThreshold(setting);
}

/**
 * Whether the finished peers not yet released form a batch (decision 1430): at least the threshold of
 * them, released together. One more answer alone never changes what is shown, so the difference between
 * two views is always the average of a whole batch, never one peer's answer.
 */
export function releasesBatch(unreleasedFinished: number, setting: number | null | undefined): boolean {
  return unreleasedFinished >= effectiveThreshold(setting);
}

/** Average of the rated scores (0 = not rated is left out); null when nothing was rated. */
export function averageOf(scores: readonly number[]): number | null {
  const rated = scores.filter((s) => s > 0);
  if (rated.length === 0) return null;
  return Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 100) / 100;
}

export type PeerComparison = {
  /** Peers who finished (a count is never attributed). */
  peersAnswered: number;
  /** Finished peers whose answers are in the results. */
  peersReleased: number;
  threshold: number;
  peersShown: boolean;
  criteria: { criterionId: string; self: number | null; peers: number | null; leader: number | null }[];
};

export function comparePeerSides(
  criterionIds: readonly string[],
  rows: readonly PeerAnswerRow[],
  thresholdSetting: number | null | undefined,
): PeerComparison {
  const peerIds = (keep: (r: PeerAnswerRow) => boolean) =>
    new Set(rows.filter((r) => r.role === "peer" && keep(r)).map((r) => r.assignmentId));
  const finishedPeers = peerIds((r) => r.finished);
  const releasedPeers = peerIds((r) => r.finished && r.released);
  const threshold = effectiveThreshold(thresholdSetting);
  const peersShown = peerAveragesVisible(releasedPeers.size, threshold);
  const scores = (criterionId: string, keep: (r: PeerAnswerRow) => boolean) =>
    rows.filter((r) => r.criterionId === criterionId && keep(r)).map((r) => r.score);
  return {
    peersAnswered: finishedPeers.size,
    peersReleased: releasedPeers.size,
    threshold,
    peersShown,
    criteria: criterionIds.map((criterionId) => ({
      criterionId,
      self: averageOf(scores(criterionId, (r) => r.role === "self")),
      peers: peersShown
        ? averageOf(scores(criterionId, (r) => r.role === "peer" && releasedPeers.has(r.assignmentId)))
        : null,
      leader: averageOf(scores(criterionId, (r) => r.role === "leader")),
    })),
  };
}

/**
 * The peers' remarks as the reviewed person may see them (docs/decisions/1203, 1430): the released peers'
 * only (the caller selects those), none below the anonymity threshold (`peersShown` false), else the
 * non-empty texts in alphabetical order — never in the order they were written, finished or released,
 * and never with who wrote them.
 */
export function peerComments(texts: string[], peersShown: boolean): string[] {
  if (!peersShown) return [];
  return texts
    .map((t) => t.trim())
    .filter((t) => t !== "")
    .sort((a, b) => a.localeCompare(b, "nl"));
}
