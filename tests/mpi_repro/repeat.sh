#!/bin/sh
# repeat.sh N SECONDS cmd...: runs cmd N times, one after another, each within SECONDS; fails
# at the first run that fails or does not end in time (an intermittent hang, such as MPI_Init's
# in init_round_robin.c, shows in a few runs where one run would mostly pass).
n=$1 secs=$2
shift 2
i=1
while [ "$i" -le "$n" ]; do
  timeout -k 5 "$secs" "$@"
  rc=$?
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    echo "repeat: run $i of $n did not end within $secs s (hung)"; exit 1
  elif [ $rc -ne 0 ]; then
    echo "repeat: run $i of $n failed (exit $rc)"; exit 1
  fi
  i=$((i + 1))
done
echo "repeat: $n of $n runs ended"
