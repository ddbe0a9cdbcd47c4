# shellcheck shell=bash
# The time of each stage of a long run (tests/run-all.sh, .ci/run):
# sourced, not run (bash: it reads $SECONDS).
#
#   stage NAME     end the running stage (if any), print its time, start NAME
#   stage ""       end the last stage
#   stage_report   every stage's time and the total
stage_name="" stage_start=0 stage_times=""

stage()
{
	if [ -n "$stage_name" ]; then
		local took=$((SECONDS - stage_start))
		echo "-- $stage_name: ${took}s"
		stage_times="$stage_times  $stage_name ${took}s
"
	fi
	stage_name=$1 stage_start=$SECONDS
	[ -n "$1" ] && echo "== $1"
}

stage_report()
{
	echo "stage times:"
	printf '%s' "$stage_times"
	echo "total: ${SECONDS}s"
}
