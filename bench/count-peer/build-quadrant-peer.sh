#!/usr/bin/env bash
# Builds the quadrant counter we measure against, Evgeny Kluev's
# N-Queens-Count-Sol (MIT licence, C++20), once per board size, outside the
# repository: the board size and tuning are compile-time constants there.
#
#   bench/count-peer/build-quadrant-peer.sh CHECKOUT OUTDIR [N...]
#
# CHECKOUT is a clone of github.com/EvgenyKluev/N-Queens-Count-Sol (tested at
# 580f444). For each N (default 15 to 20) it copies the sources to
# OUTDIR/src-N, sets `size` and the tuning row its solcounter.h gives for N
# (sieve cuts, match minimum size, BMI2, prefetch), enables prefetch and BMI2
# where that row asks, and builds OUTDIR/nqueens-N with
# `g++ -std=c++20 -O3 -march=native`. Run OUTDIR/nqueens-N THREADS.
set -euo pipefail
checkout=$1
outdir=$2
shift 2
sizes=("$@")
((${#sizes[@]})) || sizes=(15 16 17 18 19 20)
mkdir -p "$outdir"
for n in "${sizes[@]}"; do
  src=$outdir/src-$n
  rm -rf "$src"
  mkdir -p "$src"
  if [[ -d $checkout/.git || -f $checkout/HEAD ]]; then
    git --git-dir="$( [[ -d $checkout/.git ]] && echo "$checkout/.git" || echo "$checkout")" \
      archive HEAD | tar -x -C "$src"
  else
    cp -r "$checkout"/. "$src"
  fi
  # The tuning table in solcounter.h, by size (16 to 22; 12 to 15 as 16:
  # the default row's 6 sieve cuts fail its static_assert at N = 12).
  case $n in
    12|13|14|15|16|17|18) cuts=0 min=40 bmi=false pf=true ;;
    19) cuts=0 min=40 bmi=true pf=true ;;
    20) cuts=3 min=60 bmi=true pf=true ;;
    21) cuts=3 min=60 bmi=true pf=false ;;
    *) cuts=6 min=80 bmi=true pf=true ;;
  esac
  sed -i -E \
    -e "s/inline constexpr int size = [0-9]+;/inline constexpr int size = $n;/" \
    -e "s/\.sieveCuts = [0-9]+,/.sieveCuts = $cuts,/" \
    -e "s/\.matchMinSize = [0-9]+,/.matchMinSize = $min,/" \
    -e "s/\.bmiIntrin = (true|false),/.bmiIntrin = $bmi,/" \
    -e "s/\.prefetch = (true|false),/.prefetch = $pf,/" \
    "$src/solcounter.h"
  if [[ $pf == true ]]; then
    sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$src/prefetch.h"
  fi
  if [[ $bmi == true ]]; then
    sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$src/bmintrin.h"
  fi
  grep -q "size = $n;" "$src/solcounter.h"
  g++ -std=c++20 -O3 -march=native -o "$outdir/nqueens-$n" "$src/main.cpp" -lpthread
  echo "built $outdir/nqueens-$n"
done
