#!/usr/bin/env bash
# Submits the shard array and, once every task has succeeded, the merge:
#
#   N=22 SHARDS=64 ./submit-shards.sh
#
# If some tasks fail (time limit, node lost), the merge never starts
# (afterok); resubmit those tasks with sbatch --array=I,J,... and the merge.
set -euo pipefail
cd "$(dirname "$0")"

N=${N:-22}
SHARDS=${SHARDS:-64}
PARTS=${PARTS:-parts}
export N SHARDS PARTS

array=$(sbatch --parsable --array="1-$SHARDS" --export=ALL queens-shards.sbatch)
merge=$(sbatch --parsable --dependency="afterok:${array%%;*}" --export=ALL queens-merge.sbatch)
echo "shards: job $array; merge: job $merge (prints to queens-merge-$merge.out)"
