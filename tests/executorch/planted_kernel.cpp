// A kernel planted for tests/executorch/test_out_reading.py: memir_test::accumulate.out adds
// its input into its out buffer instead of overwriting it, so it reads `out`. Eager PyTorch's
// memir_test::accumulate copies its input; the runtime's kernel differs, as ExecuTorch's
// portable max_pool2d_with_indices_backward differs from ATen's.
#include <executorch/runtime/kernel/kernel_includes.h>
#include <executorch/runtime/kernel/operator_registry.h>

using executorch::runtime::EValue;
using executorch::runtime::KernelRuntimeContext;
using executorch::runtime::Span;

namespace {

void accumulate_out(KernelRuntimeContext& context, Span<EValue*> stack) {
  const auto& input = stack[0]->toTensor();
  auto& out = stack[1]->toTensor();
  if (input.scalar_type() != executorch::aten::ScalarType::Float ||
      out.scalar_type() != executorch::aten::ScalarType::Float ||
      input.numel() != out.numel()) {
    context.fail(executorch::runtime::Error::InvalidArgument);
    return;
  }
  const float* from = input.const_data_ptr<float>();
  float* into = out.mutable_data_ptr<float>();
  for (ssize_t i = 0; i < input.numel(); ++i) {
    into[i] += from[i];
  }
  *stack[2] = *stack[1];
}

const executorch::runtime::Kernel kernels[] = {
    executorch::runtime::Kernel("memir_test::accumulate.out", accumulate_out)};
const auto registered = executorch::runtime::register_kernels({kernels, 1});

}  // namespace
