// strategy=exact with a capacity is a decision: MiniMalloc's example fits in 12 exactly, and
// verify-layout checks the plan it returns.
// RUN: memir-opt %s -p 'assign-layout{strategy=exact capacity=12 time-limit=30},verify-layout' | filecheck %s
// RUN: not memir-opt %s -p 'assign-layout{strategy=exact capacity=11 time-limit=30}' 2>&1 | filecheck %s --check-prefix=TOO-SMALL

%b1 = memir.alloc 4 live [0, 3) id "b1"
%b2 = memir.alloc 4 live [3, 9) id "b2"
%b3 = memir.alloc 4 live [0, 9) id "b3"
%b4 = memir.alloc 4 live [9, 21) id "b4"
%b5 = memir.alloc 4 live [0, 21) id "b5"

// CHECK: memir.plan = #memir.plan<arena 12, bound 12, strategy "exact/{{[a-z]+}}", status "feasible"
// CHECK-DAG: memir.alloc 4 live [0, 3) offset {{[048]}} id "b1"
// CHECK-DAG: memir.alloc 4 live [0, 21) offset {{[048]}} id "b5"
// TOO-SMALL: error: assign-layout: the buffers do not fit in capacity 11
