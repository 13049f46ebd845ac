#!/bin/bash
# The GPU table of docs/torch-compile.md in one lease of the GPU machine (../shared/gpu):
# one benchmarks/torch_compile.py process per group of rows, run side by side (the machine
# has 16 cores for the compilers; each process reads its own CUDA allocator's counters, so
# peaks do not mix; step times do share the GPU). Each group stops by LIMIT seconds; the
# tables and logs come back as one archive in $OUT.
#   bash .gpu/run.sh bash benchmarks/torch_compile_gpu.sh [DEVICE] [LIMIT] [SET]
# SET: "main" (every model with eager at budgets 1, 0.5, 0.2; Inductor at 0.5 on three; the
# held-out models) or "inductor" (Inductor's other rows, one process each).
set -u
device=${1:-cuda}
limit=${2:-400}
set_name=${3:-main}
out=${OUT:-/tmp/torch_compile_gpu}
mkdir -p "$out/tables"
export TORCHINDUCTOR_COMPILE_THREADS=${TORCHINDUCTOR_COMPILE_THREADS:-2}  # many Inductor groups
group() {  # name, then benchmarks/torch_compile.py's arguments
  local name=$1
  shift
  timeout "$limit" python3 benchmarks/torch_compile.py --device "$device" --steps 5 "$@" \
    > "$out/tables/$name.md" 2> "$out/tables/$name.err" &
}
if [ "$set_name" = inductor ]; then
  for model in bert_base:16 efficientnet_b0:32 mobilenet_v2:64; do
    group "inductor-${model%:*}" --compiler inductor --models "${model%:*}" --batches "${model#*:}" --budgets 0.5
  done
  for model in gpt2_small:8 resnet50:32 vit_b_16:32; do
    for budget in 1 0.2; do
      group "inductor-${model%:*}-$budget" --compiler inductor --models "${model%:*}" \
        --batches "${model#*:}" --budgets "$budget"
    done
  done
  wait
  tar -czf "$out/tables.tgz" -C "$out" tables && rm -r "$out/tables"
  exit
fi
group eager-gpt2 --compiler eager --models gpt2_small --batches 8
group eager-bert --compiler eager --models bert_base --batches 16
group eager-cnn --compiler eager --models resnet50,efficientnet_b0 --batches 32
group eager-mix --compiler eager --models vit_b_16 --batches 32
group eager-mnv2 --compiler eager --models mobilenet_v2 --batches 64
group inductor-resnet --compiler inductor --models resnet50 --batches 32 --budgets 0.5
group inductor-vit --compiler inductor --models vit_b_16 --batches 32 --budgets 0.5
group inductor-gpt2 --compiler inductor --models gpt2_small --batches 8 --budgets 0.5
# held out: models no test and no tuning names
group held-out-eager --compiler eager --models convnext_tiny,regnet_y_800mf --batches 32 --budgets 0.5
group held-out-inductor --compiler inductor --models convnext_tiny --batches 32 --budgets 0.5
wait
tar -czf "$out/tables.tgz" -C "$out" tables && rm -r "$out/tables"
