//! Verifier tests: one rejected function per rule, and accepted good IR.

use compiler::ir::*;
use compiler::print::parse_func;
use compiler::verify::verify;

fn errors(text: &str) -> Vec<String> {
    let f = parse_func(text).unwrap_or_else(|e| panic!("parse: {e}"));
    match verify(&f) {
        Ok(()) => panic!("verifier accepted:\n{text}"),
        Err(e) => e,
    }
}

fn assert_rejects(text: &str, needle: &str) {
    let errs = errors(text);
    assert!(
        errs.iter().any(|e| e.contains(needle)),
        "expected an error containing {needle:?}, got {errs:#?}"
    );
}

#[test]
fn accepts_good_ir() {
    let text = "function sum {
bb0(v0: any, v1: int):
  v2: int = const.int 0
  v3: bool = test is.vec<dbl> v0
  v4: cp = checkpoint pc=3 stack=[v0] locals=[v0, _, v1] loops=[(v1, v2)]
  assume v3, v4, typecheck
  v5: vec<dbl> = unbox v0
  v6: int = veclen v5
  v7: dbl = vecload v5, v2
  v8: bool = inbounds v5, v1
  v9: any = runtime @12(v0, v5)
  jump bb1(v2, v7)
bb1(v10: int, v11: dbl):
  v12: dbl = add.d v11, v11
  branch v3, bb1(v10, v12), bb2()
bb2():
  v13: any = box v12
  ret v13
}";
    let f = parse_func(text).unwrap();
    assert_eq!(verify(&f), Ok(()));
}

#[test]
fn rejects_use_before_def_in_block() {
    assert_rejects(
        "function f {
bb0(v0: int):
  v1: int = add.i v0, v2
  v2: int = const.int 1
  ret v1
}",
        "use of v2 not dominated by its definition",
    );
}

#[test]
fn rejects_non_dominating_def() {
    let errs = errors(
        "function f {
bb0(v0: bool):
  branch v0, bb1(), bb2()
bb1():
  v1: int = const.int 1
  jump bb2()
bb2():
  ret v1
}",
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("bb2: `ret v1`") && e.contains("not dominated")),
        "{errs:#?}"
    );
}

#[test]
fn rejects_wrong_operand_and_result_types() {
    assert_rejects(
        "function f {
bb0(v0: int, v1: dbl):
  v2: int = add.i v0, v1
  ret v2
}",
        "add.i operand v1 has type dbl, expected int",
    );
    assert_rejects(
        "function f {
bb0(v0: int):
  v1: dbl = add.i v0, v0
  ret v1
}",
        "result has type dbl, expected int",
    );
    assert_rejects(
        "function f {
bb0(v0: int):
  v1: int = unbox v0
  ret v1
}",
        "unbox operand v0 has type int, expected any",
    );
    assert_rejects(
        "function f {
bb0(v0: any):
  v1: any = box v0
  ret v1
}",
        "box operand v0 has type any",
    );
    assert_rejects(
        "function f {
bb0(v0: vec<int>, v1: dbl):
  v2: int = vecload v0, v1
  ret v2
}",
        "index v1 has type dbl, expected int",
    );
    assert_rejects(
        "function f {
bb0(v0: any):
  v1: int = veclen v0
  ret v1
}",
        "veclen operand v0 has type any",
    );
    assert_rejects(
        "function f {
bb0(v0: int):
  v1: bool = test is.int v0
  ret v1
}",
        "test operand v0 has type int, expected any",
    );
    assert_rejects(
        "function f {
bb0(v0: lgl):
  branch v0, bb1(), bb1()
bb1():
  ret v0
}",
        "branch condition v0 has type lgl, expected bool",
    );
    assert_rejects(
        "function f {
bb0(v0: lgl, v1: any):
  v2: cp = checkpoint pc=0 stack=[] locals=[v1]
  assume v0, v2, typecheck
  ret v1
}",
        "assume condition v0 has type lgl, expected bool",
    );
}

#[test]
fn rejects_bad_block_arguments() {
    assert_rejects(
        "function f {
bb0(v0: int):
  jump bb1(v0, v0)
bb1(v1: int):
  ret v1
}",
        "2 arguments passed to bb1, which has 1 parameters",
    );
    assert_rejects(
        "function f {
bb0(v0: int):
  jump bb1(v0)
bb1(v1: dbl):
  ret v1
}",
        "argument 0 to bb1 has type int, parameter has type dbl",
    );
}

#[test]
fn rejects_missing_or_misplaced_terminator() {
    assert_rejects(
        "function f {
bb0(v0: int):
  v1: int = add.i v0, v0
}",
        "bb0: block does not end with a terminator",
    );
    assert_rejects(
        "function f {
bb0(v0: int):
  ret v0
  ret v0
}",
        "terminator before the end of the block",
    );
    assert_rejects(
        "function f {
bb0(v0: int):
  jump bb1()
bb1():
}",
        "bb1: block does not end with a terminator",
    );
}

#[test]
fn rejects_assume_without_checkpoint() {
    assert_rejects(
        "function f {
bb0(v0: any, v1: cp):
  v2: bool = test is.int v0
  assume v2, v1, typecheck
  ret v0
}",
        "is not defined by a checkpoint",
    );
    assert_rejects(
        "function f {
bb0(v0: any):
  v1: bool = test is.int v0
  v2: int = const.int 1
  assume v1, v2, typecheck
  ret v0
}",
        "assume checkpoint v2 has type int, expected cp",
    );
    // A checkpoint in a dominating block is not enough: same block, earlier.
    assert_rejects(
        "function f {
bb0(v0: any):
  v1: cp = checkpoint pc=0 stack=[] locals=[v0]
  jump bb1()
bb1():
  v2: bool = test is.int v0
  assume v2, v1, typecheck
  ret v0
}",
        "not earlier in the same block",
    );
}

#[test]
fn rejects_effect_between_checkpoint_and_assume() {
    assert_rejects(
        "function f {
bb0(v0: any):
  v1: cp = checkpoint pc=0 stack=[] locals=[v0]
  v2: any = runtime @3(v0)
  v3: bool = test is.int v2
  assume v3, v1, typecheck
  ret v0
}",
        "effectful `v2: any = runtime @3(v0)` between checkpoint and assume",
    );
}

#[test]
fn rejects_broken_hand_built_ir_without_panicking() {
    let mut f = Func::new("broken");
    let b = f.add_block();
    f.push(b, InstKind::Return(Val(42)), Type::Void);
    f.push(b, InstKind::Jump(Block(9), vec![]), Type::Void);
    let errs = verify(&f).unwrap_err();
    assert!(errs.iter().any(|e| e.contains("out of range")), "{errs:#?}");
    assert!(
        errs.iter().any(|e| e.contains("does not exist")),
        "{errs:#?}"
    );
    assert!(verify(&Func::new("empty")).is_err());
}

#[test]
fn accepts_stores_guards_and_visibility_and_prints_them_back() {
    let text = "function store {
bb0(v0: any, v1: int, v2: dbl):
  v3: bool = callee_is sym9, #0
  v4: cp = checkpoint pc=0 stack=[] locals=[v0, v1, v2] loops=[]
  assume v3, v4, calltarget
  v5: any = vecset v0, v1, v2
  set_visible true
  ret v5
}
";
    let f = parse_func(text).unwrap();
    assert_eq!(verify(&f), Ok(()));
    assert_eq!(compiler::print::print_func(&f), text);
}

#[test]
fn rejects_a_store_of_a_non_element_into_a_typed_view() {
    assert_rejects(
        "function store {
bb0(v0: any, v1: int):
  v2: vec<dbl> = unbox v0
  v3: any = vecset v2, v1, v0
  ret v3
}",
        "vecset vector",
    );
    assert_rejects(
        "function store {
bb0(v0: any, v1: int):
  v2: any = vecset v0, v1, v0
  ret v2
}",
        "vecset element",
    );
}

/// Complex scalars and vectors: typed loads and stores, arithmetic, parts,
/// boxing, frame states holding `cplx` values; printed and parsed back.
#[test]
fn accepts_and_round_trips_complex_ir() {
    let text = "function csum {
bb0(v0: any, v1: int):
  v2: bool = test is.vec<cplx> v0
  v3: cp = checkpoint pc=3 stack=[] locals=[v0, v1] loops=[]
  assume v2, v3, typecheck
  v4: vec<cplx> = unbox v0
  v5: dbl = const.dbl 0.0
  v6: cplx = dbl2cplx v5
  v7: int = const.int 0
  v8: cplx = vecload v4, v7
  v9: cplx = add.c v6, v8
  v10: cplx = mul.c v9, v8
  v11: cplx = div.c v10, v8
  v12: cplx = sub.c v11, v9
  v13: cplx = neg.c v12
  v14: cplx = conj.c v13
  v15: dbl = re.c v14
  v16: dbl = im.c v14
  v17: dbl = mod.c v14
  v18: cp = checkpoint pc=5 stack=[v14] locals=[v0, v1] loops=[]
  v19: bool = test is.cplx v0
  assume v19, v18, typecheck
  v20: cplx = unbox v0
  v21: any = vecset v0, v1, v20
  v22: any = box v14
  ret v14
}";
    let f = parse_func(text).unwrap();
    assert_eq!(verify(&f), Ok(()));
    assert_eq!(compiler::print::print_func(&f).trim(), text);
}

#[test]
fn rejects_complex_type_errors() {
    assert_rejects(
        "function f {
bb0(v0: dbl):
  v1: cplx = add.c v0, v0
  ret v1
}",
        "add.c operand v0 has type dbl, expected cplx",
    );
    assert_rejects(
        "function f {
bb0(v0: dbl):
  v1: dbl = re.c v0
  ret v1
}",
        "re.c operand v0 has type dbl, expected cplx",
    );
    assert_rejects(
        "function f {
bb0(v0: cplx):
  v1: cplx = dbl2cplx v0
  ret v1
}",
        "dbl2cplx operand v0 has type cplx, expected dbl",
    );
    assert_rejects(
        "function f {
bb0(v0: any, v1: int):
  v2: vec<cplx> = unbox v0
  v3: dbl = vecload v2, v1
  ret v3
}",
        "result has type dbl, expected cplx",
    );
}
