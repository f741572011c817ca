//! Lowering IR to native code with Cranelift.
//!
//! Unboxed IR values become Cranelift variables (`int`/`lgl` → i32, `dbl` → f64,
//! `bool` → i8, typed vectors → a data pointer and a length); `any` values stay
//! in the activation's slot array (`runtime::NativeFrame::anys`, slot = value number).
//! Block parameters are variables assigned on each incoming edge, so
//! `cranelift_frontend` builds the SSA form. Each `Assume` branches to a cold
//! exit block that writes the frame state into an exit buffer and calls
//! `rt_exit`; whatever that returns is the function's status.

use crate::ir::*;
use crate::runtime::{self, ExitInfo};
use cranelift_codegen::entity::EntityRef;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    types, AbiParam, FuncRef, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, UserFuncName,
};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};
use std::collections::HashMap;
use std::rc::Rc;
use vm::value::{Value, NA_INTEGER};

/// A compiled function: its code (kept alive with the module) and exit table.
/// Each compiled version, OSR-in entry and continuation has a module of its
/// own, freed when the last `Rc<Compiled>` is dropped (see `Drop`).
pub struct Compiled {
    module: std::mem::ManuallyDrop<JITModule>,
    pub entry: extern "C" fn(*mut runtime::NativeFrame) -> u32,
    pub exits: Rc<Vec<ExitInfo>>,
    /// Size of the `any` slot array.
    pub nslots: usize,
    /// The entry block's parameters: (slot, type). An `any` parameter is read
    /// from its slot of `NativeFrame::anys`; an unboxed one (`int`/`dbl`/`lgl`, a
    /// continuation's native entry values) from word k of `NativeFrame::entry`.
    pub params: Vec<(u32, Type)>,
    /// Size of the generated code in bytes.
    pub code_size: usize,
    /// The machine code as text, when `LowerOptions::disasm` was set.
    pub disasm: Option<String>,
    /// Direct calls of this version (`ExitHandler::call_direct`), and how
    /// many of them had to build their frame after all: a version whose
    /// activations mostly need their frame is called with one from the start.
    pub direct_calls: std::cell::Cell<u32>,
    pub frames_built: std::cell::Cell<u32>,
}

impl Compiled {
    /// Calls a version makes without a frame before `wants_frame` judges.
    const FRAMELESS_TRIAL: u32 = 16;

    /// Whether direct calls of this version should build the callee's frame
    /// up front: once tried, when a quarter of them built it anyway (building
    /// it late costs about as much more as running without one saves; hanoi,
    /// whose every other activation builds its frame, ran 4% slower).
    pub fn wants_frame(&self) -> bool {
        let calls = self.direct_calls.get();
        calls >= Self::FRAMELESS_TRIAL && self.frames_built.get() * 4 >= calls
    }
}

/// Options that change the generated code.
#[derive(Clone, Copy, Default)]
pub struct LowerOptions {
    /// Emit chaos-mode failure injection at every assumption check.
    pub chaos: bool,
    /// Run Cranelift's verifier (tests).
    pub verify: bool,
    /// Keep the generated machine code's text (`--dump native`).
    pub disasm: bool,
    /// Compile quickly rather than well (Cranelift `opt_level` none): for
    /// code that runs briefly, like a continuation up to the next loop header.
    pub quick: bool,
}

struct RuntimeFns {
    test: FuncRef,
    unbox_int: FuncRef,
    unbox_dbl: FuncRef,
    vec_ptr: FuncRef,
    vec_probe: FuncRef,
    box_int: FuncRef,
    box_dbl: FuncRef,
    box_lgl: FuncRef,
    copy: FuncRef,
    move_: FuncRef,
    konst: FuncRef,
    generic: FuncRef,
    ret_any: FuncRef,
    pow: FuncRef,
    fmod: FuncRef,
    fidiv: FuncRef,
    exit: FuncRef,
    nrow: FuncRef,
    ncol: FuncRef,
    load_global: FuncRef,
    store_global: FuncRef,
    load_frame: FuncRef,
    store_frame: FuncRef,
    math1: FuncRef,
    entry_word: FuncRef,
    length: FuncRef,
    callee_is: FuncRef,
    vec_set_dbl: FuncRef,
    vec_set_i32: FuncRef,
    box_cplx: FuncRef,
    unbox_cplx: FuncRef,
    ret_cplx: FuncRef,
    cplx_mod: FuncRef,
    vec_set_cplx: FuncRef,
    cplx_mul: FuncRef,
    cplx_div: FuncRef,
}

fn clif_type(t: Type) -> Option<types::Type> {
    match t {
        Type::Int | Type::Lgl => Some(types::I32),
        Type::Dbl | Type::Cplx => Some(types::F64),
        Type::Bool => Some(types::I8),
        _ => None,
    }
}

fn elem_code(t: Type) -> i64 {
    match t {
        Type::VecInt => 0,
        Type::VecDbl => 1,
        Type::VecCplx => 3,
        _ => 2,
    }
}

/// The host ISA with dlvm's Cranelift settings, built once per thread and
/// per verifier setting (building it costs a good part of a small compile).
fn host_isa(verify: bool, quick: bool) -> Result<OwnedTargetIsa, String> {
    thread_local! {
        static ISAS: std::cell::RefCell<[Option<OwnedTargetIsa>; 4]> = const { std::cell::RefCell::new([None, None, None, None]) };
    }
    let k = verify as usize + 2 * quick as usize;
    ISAS.with(|isas| {
        let mut isas = isas.borrow_mut();
        if let Some(isa) = &isas[k] {
            return Ok(isa.clone());
        }
        let isa = new_host_isa(verify, quick)?;
        isas[k] = Some(isa.clone());
        Ok(isa)
    })
}

fn new_host_isa(verify: bool, quick: bool) -> Result<OwnedTargetIsa, String> {
    let mut fb = settings::builder();
    let set =
        |fb: &mut settings::Builder, k: &str, v: &str| fb.set(k, v).map_err(|e| e.to_string());
    set(&mut fb, "use_colocated_libcalls", "false")?;
    set(&mut fb, "is_pic", "false")?;
    set(&mut fb, "opt_level", if quick { "none" } else { "speed" })?;
    set(
        &mut fb,
        "enable_verifier",
        if verify { "true" } else { "false" },
    )?;
    cranelift_native::builder()
        .map_err(|e| e.to_string())?
        .finish(settings::Flags::new(fb))
        .map_err(|e| e.to_string())
}

pub fn lower(f: &Func, opts: LowerOptions) -> Result<Compiled, String> {
    let isa = host_isa(opts.verify, opts.quick)?;
    let mut jb = JITBuilder::with_isa(isa, default_libcall_names());
    for (name, addr) in runtime::symbols() {
        jb.symbol(name, addr);
    }
    let mut module = JITModule::new(jb);
    let ptr = module.target_config().pointer_type();

    // Runtime signatures.
    let declare =
        |m: &mut JITModule, name: &str, params: &[types::Type], ret: Option<types::Type>| {
            let mut sig = m.make_signature();
            for &p in params {
                sig.params.push(AbiParam::new(p));
            }
            if let Some(r) = ret {
                sig.returns.push(AbiParam::new(r));
            }
            m.declare_function(name, Linkage::Import, &sig)
                .map_err(|e| e.to_string())
        };
    use types::{F64, I32, I64, I8};
    let ids = [
        declare(&mut module, "rt_test", &[ptr, I32, I32], Some(I8))?,
        declare(&mut module, "rt_unbox_int", &[ptr, I32], Some(I32))?,
        declare(&mut module, "rt_unbox_dbl", &[ptr, I32], Some(F64))?,
        declare(&mut module, "rt_vec_ptr", &[ptr, I32, I32], Some(ptr))?,
        declare(&mut module, "rt_vec_probe", &[ptr, I32, I32], Some(ptr))?,
        declare(&mut module, "rt_box_int", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_box_dbl", &[ptr, I32, F64], None)?,
        declare(&mut module, "rt_box_lgl", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_copy", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_const", &[ptr, I32, I32], None)?,
        declare(
            &mut module,
            "rt_generic",
            &[ptr, I32, ptr, I32, I32],
            Some(I32),
        )?,
        declare(&mut module, "rt_ret_any", &[ptr, I32], None)?,
        declare(&mut module, "rt_pow", &[F64, F64], Some(F64))?,
        declare(&mut module, "rt_fmod", &[F64, F64], Some(F64))?,
        declare(&mut module, "rt_fidiv", &[F64, F64], Some(F64))?,
        declare(&mut module, "rt_exit", &[ptr, I32, ptr, I32], Some(I32))?,
        declare(&mut module, "rt_nrow", &[ptr, I32], Some(I32))?,
        declare(&mut module, "rt_entry_word", &[ptr, I32], Some(I64))?,
        declare(&mut module, "rt_length", &[ptr, I32], Some(I32))?,
        declare(&mut module, "rt_callee_is", &[ptr, I32, I64, I8], Some(I8))?,
        declare(
            &mut module,
            "rt_vec_set_dbl",
            &[ptr, I32, I32, I32, F64],
            Some(ptr),
        )?,
        declare(
            &mut module,
            "rt_vec_set_i32",
            &[ptr, I32, I32, I32, I32, I32],
            Some(ptr),
        )?,
        declare(&mut module, "rt_ncol", &[ptr, I32], Some(I32))?,
        declare(&mut module, "rt_load_global", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_store_global", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_load_frame", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_store_frame", &[ptr, I32, I32], None)?,
        declare(&mut module, "rt_math1", &[F64, I32], Some(F64))?,
        declare(&mut module, "rt_box_cplx", &[ptr, I32, F64, F64], None)?,
        declare(&mut module, "rt_unbox_cplx", &[ptr, I32], Some(F64))?,
        declare(&mut module, "rt_ret_cplx", &[ptr, F64, F64], None)?,
        declare(&mut module, "rt_cplx_mod", &[F64, F64], Some(F64))?,
        declare(
            &mut module,
            "rt_vec_set_cplx",
            &[ptr, I32, I32, I32, F64, F64],
            Some(ptr),
        )?,
    ];
    let declare2 = |m: &mut JITModule, name: &str| {
        let mut sig = m.make_signature();
        for _ in 0..4 {
            sig.params.push(AbiParam::new(F64));
        }
        sig.returns.push(AbiParam::new(F64));
        sig.returns.push(AbiParam::new(F64));
        m.declare_function(name, Linkage::Import, &sig)
            .map_err(|e| e.to_string())
    };
    let mul_id = declare2(&mut module, "rt_cplx_mul")?;
    let div_id = declare2(&mut module, "rt_cplx_div")?;

    let mut sig = module.make_signature();
    sig.params.push(AbiParam::new(ptr));
    sig.returns.push(AbiParam::new(I32));
    let fid = module
        .declare_anonymous_function(&sig)
        .map_err(|e| e.to_string())?;
    let move_id = declare(&mut module, "rt_move", &[ptr, I32, I32], None)?;
    let mut ctx = module.make_context();
    ctx.set_disasm(opts.disasm);
    ctx.func.signature = sig;
    ctx.func.name = UserFuncName::user(0, fid.as_u32());
    let refs: Vec<FuncRef> = ids
        .iter()
        .map(|&id| module.declare_func_in_func(id, &mut ctx.func))
        .collect();
    let rt = RuntimeFns {
        test: refs[0],
        unbox_int: refs[1],
        unbox_dbl: refs[2],
        vec_ptr: refs[3],
        vec_probe: refs[4],
        box_int: refs[5],
        box_dbl: refs[6],
        box_lgl: refs[7],
        copy: refs[8],
        move_: module.declare_func_in_func(move_id, &mut ctx.func),
        konst: refs[9],
        generic: refs[10],
        ret_any: refs[11],
        pow: refs[12],
        fmod: refs[13],
        fidiv: refs[14],
        exit: refs[15],
        nrow: refs[16],
        entry_word: refs[17],
        length: refs[18],
        callee_is: refs[19],
        vec_set_dbl: refs[20],
        vec_set_i32: refs[21],
        ncol: refs[22],
        load_global: refs[23],
        store_global: refs[24],
        load_frame: refs[25],
        store_frame: refs[26],
        math1: refs[27],
        box_cplx: refs[28],
        unbox_cplx: refs[29],
        ret_cplx: refs[30],
        cplx_mod: refs[31],
        vec_set_cplx: refs[32],
        cplx_mul: module.declare_func_in_func(mul_id, &mut ctx.func),
        cplx_div: module.declare_func_in_func(div_id, &mut ctx.func),
    };
    let (slots, nslots) = crate::passes::liveness::any_slots(f);
    let mut fbc = FunctionBuilderContext::new();
    let mut exits = Vec::new();
    let moves = crate::passes::liveness::analyze(f);
    let across = crate::passes::liveness::live_after(f, |d| calls_runtime(&d.kind))
        .into_iter()
        .map(|(i, live)| {
            // Constants stay constants (Cranelift rematerializes them where used).
            let is_const = |v: Val| {
                matches!(
                    f.def_inst(v).map(|d| &f.inst(d).kind),
                    Some(
                        InstKind::ConstInt(_)
                            | InstKind::ConstDbl(_)
                            | InstKind::ConstLgl(_)
                            | InstKind::ConstBool(_)
                    )
                )
            };
            let split = live
                .into_iter()
                .filter(|&v| f.ty(v) != Type::Any && !is_const(v));
            (i, split.collect())
        })
        .collect();
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fbc);
        let mut l = Lowerer {
            f,
            b: &mut b,
            rt: &rt,
            vars: HashMap::new(),
            blocks: Vec::new(),
            ctxv: None,
            chaosv: None,
            unboxed: HashMap::new(),
            exits: &mut exits,
            opts,
            ptr,
            error_block: None,
            moves,
            slots: &slots,
            across,
            spill_slots: HashMap::new(),
            exit_buf: None,
            exit_blocks: HashMap::new(),
            pending: HashMap::new(),
            in_exit: false,
        };
        l.run()?;
        b.seal_all_blocks();
        b.finalize(module.target_config());
    }
    module
        .define_function(fid, &mut ctx)
        .map_err(|e| format!("{:?}", e))?;
    let code_size = ctx
        .compiled_code()
        .map(|c| c.code_info().total_size as usize)
        .unwrap_or(0);
    let disasm = ctx.compiled_code().and_then(|c| c.vcode.clone());
    module.clear_context(&mut ctx);
    module.finalize_definitions().map_err(|e| e.to_string())?;
    let code = module.get_finalized_function(fid);
    // SAFETY: the function was declared with exactly this signature.
    let entry: extern "C" fn(*mut runtime::NativeFrame) -> u32 =
        unsafe { std::mem::transmute(code) };
    LIVE_CODE.with(|c| {
        let mut m = c.get();
        m.live += 1;
        m.live_bytes += code_size as u64;
        m.compiled += 1;
        c.set(m);
    });
    Ok(Compiled {
        module: std::mem::ManuallyDrop::new(module),
        entry,
        exits: Rc::new(exits),
        nslots,
        params: f.blocks[0]
            .params
            .iter()
            .map(|&v| (slots[v.0 as usize], f.ty(v)))
            .collect(),
        code_size,
        disasm,
        direct_calls: Default::default(),
        frames_built: Default::default(),
    })
}

/// Code memory of this thread's compiled functions (`Compiled`): what is
/// live now and what was freed, in functions and in bytes of machine code
/// (Cranelift's code size; each module also rounds up to whole pages).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeMemory {
    pub compiled: u64,
    pub live: u64,
    pub live_bytes: u64,
    pub freed: u64,
    pub freed_bytes: u64,
}

thread_local! {
    static LIVE_CODE: std::cell::Cell<CodeMemory> = const {
        std::cell::Cell::new(CodeMemory { compiled: 0, live: 0, live_bytes: 0, freed: 0, freed_bytes: 0 })
    };
}

/// This thread's code memory counters.
pub fn code_memory() -> CodeMemory {
    LIVE_CODE.with(|c| c.get())
}

impl Drop for Compiled {
    /// Return the module's code and data pages to the system. Dropping a
    /// `JITModule` would leak them (cranelift-jit keeps code of dropped
    /// modules alive on purpose), and retired versions and continuations
    /// would then grow the process without bound.
    fn drop(&mut self) {
        // SAFETY: `Compiled` lives in an `Rc`, and whoever runs its code holds
        // an `Rc` for as long as the native frame is on the stack (the engine's
        // `run_native` borrows it from a local or a table entry it cloned; the
        // trampoline keeps the current code in a local), and no raw pointer to
        // the code is kept elsewhere (`entry` is only read from a `Compiled`;
        // compiled code calls other code through the runtime, never directly).
        // So when the last `Rc` goes, no frame of this code is live and its
        // function pointer cannot be called again.
        let module = unsafe { std::mem::ManuallyDrop::take(&mut self.module) };
        unsafe { module.free_memory() };
        LIVE_CODE.with(|c| {
            let mut m = c.get();
            m.live -= 1;
            m.live_bytes -= self.code_size as u64;
            m.freed += 1;
            m.freed_bytes += self.code_size as u64;
            c.set(m);
        });
    }
}

struct Lowerer<'a, 'b> {
    f: &'a Func,
    b: &'a mut FunctionBuilder<'b>,
    rt: &'a RuntimeFns,
    /// Variables of unboxed values; typed vectors have (pointer, length).
    vars: HashMap<Val, (Variable, Option<Variable>)>,
    blocks: Vec<cranelift_codegen::ir::Block>,
    ctxv: Option<cranelift_codegen::ir::Value>,
    /// Unboxed forms of `any` values that a call earlier in the current IR
    /// block returned, by value and the type an `unbox` would give: a
    /// vector's data pointer and length (`test is.vec<…>`, `vecset`), or a
    /// scalar's word (`NativeFrame::word` of a passing `test is.int/dbl/lgl`). An
    /// `unbox` of the value later in the block uses them instead of calling
    /// the runtime again (the earlier definition dominates it; the value
    /// cannot change while it is live).
    unboxed: HashMap<(Val, Type), (CValue, Option<CValue>)>,
    /// `NativeFrame::chaos`, loaded at entry (chaos mode only).
    chaosv: Option<cranelift_codegen::ir::Value>,
    exits: &'a mut Vec<ExitInfo>,
    opts: LowerOptions,
    ptr: types::Type,
    error_block: Option<cranelift_codegen::ir::Block>,
    /// Operands that are moved out of their `any` slots (last uses).
    moves: crate::passes::liveness::Moves,
    /// The `NativeFrame::anys` slot of each `any` value (dense: an activation's slot
    /// array is filled and cleared on every call, so it holds only these).
    slots: &'a [u32],
    /// Per instruction that calls the runtime: the unboxed values live after it.
    across: HashMap<Inst, Vec<Val>>,
    /// Stack homes of those values' variables (value, k): a vector has two,
    /// its pointer (k = 0) and its length (k = 1).
    spill_slots: HashMap<(Val, usize), cranelift_codegen::ir::StackSlot>,
    /// The exit buffer, shared by all exits (sized for the largest frame state).
    exit_buf: Option<cranelift_codegen::ir::StackSlot>,
    /// Exit blocks by the words they store (frame state, and the tested value
    /// when it is not part of it): assumes with equal states share one block,
    /// passing their exit id and chaos flag as block arguments.
    exit_blocks: HashMap<(FrameState, Option<Val>), cranelift_codegen::ir::Block>,
    /// Variables stored to their stack homes around a runtime call in the
    /// current block and not reloaded yet: reloaded at their next use, so a
    /// value not used again in the block costs no load.
    pending: HashMap<usize, (types::Type, cranelift_codegen::ir::StackSlot)>,
    /// Lowering an exit block: reads of pending variables load without
    /// redefining them (the exit path returns).
    in_exit: bool,
}

/// Does lowering `kind` call the runtime on the instruction's normal path?
pub fn calls_runtime(kind: &InstKind) -> bool {
    match kind {
        InstKind::ConstAny(_) | InstKind::Test(..) | InstKind::Runtime(..) => true,
        InstKind::Unary(op, _) => matches!(
            op,
            UnOp::Box | UnOp::Unbox | UnOp::NRow | UnOp::NCol | UnOp::Length | UnOp::ModC
        ),
        InstKind::Binary(op, ..) => matches!(
            op,
            BinOp::PowD | BinOp::ModD | BinOp::IDivD | BinOp::MulC | BinOp::DivC
        ),
        _ => false,
    }
}

type CValue = cranelift_codegen::ir::Value;

impl<'a, 'b> Lowerer<'a, 'b> {
    fn c(&self) -> CValue {
        self.ctxv.unwrap()
    }

    fn var(&mut self, v: Val) -> (Variable, Option<Variable>) {
        if let Some(&x) = self.vars.get(&v) {
            return x;
        }
        let t = self.f.ty(v);
        let x = match t {
            t if t.is_vec() => (
                self.b.declare_var(self.ptr),
                Some(self.b.declare_var(types::I64)),
            ),
            // A complex: its real and imaginary parts.
            Type::Cplx => (
                self.b.declare_var(types::F64),
                Some(self.b.declare_var(types::F64)),
            ),
            t => (self.b.declare_var(clif_type(t).unwrap_or(types::I32)), None),
        };
        self.vars.insert(v, x);
        x
    }

    fn get(&mut self, v: Val) -> CValue {
        let (x, _) = self.var(v);
        self.use_var(x)
    }

    fn def(&mut self, v: Val, x: CValue) {
        let (var, _) = self.var(v);
        self.b.def_var(var, x);
    }

    /// The (real, imaginary) parts of a `cplx` value.
    fn get2(&mut self, v: Val) -> (CValue, CValue) {
        let (re, im) = self.var(v);
        let re = self.use_var(re);
        let im = self.use_var(im.expect("a cplx value has two parts"));
        (re, im)
    }

    fn def2(&mut self, v: Val, re: CValue, im: CValue) {
        let (x, y) = self.var(v);
        self.b.def_var(x, re);
        self.b.def_var(y.expect("a cplx value has two parts"), im);
    }

    /// R's `NA_real_` as an f64 constant.
    fn na_real(&mut self) -> CValue {
        self.b.ins().f64const(vm::value::na_real())
    }

    /// The `NativeFrame` word at `offset` (`vec_len`, `word`): a second result the
    /// runtime call just made left there.
    fn load_ctx(&mut self, offset: usize) -> CValue {
        let c = self.c();
        self.b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), c, offset as i32)
    }

    /// The activation's interpreter pointer (`NativeFrame::interp`).
    fn load_interp(&mut self) -> CValue {
        let c = self.c();
        self.b.ins().load(
            self.ptr,
            MemFlagsData::trusted(),
            c,
            std::mem::offset_of!(runtime::NativeFrame, interp) as i32,
        )
    }

    fn iconst(&mut self, t: types::Type, x: i64) -> CValue {
        self.b.ins().iconst(t, x)
    }

    fn slot(&mut self, v: Val) -> CValue {
        let s = self.slots[v.0 as usize];
        self.b.ins().iconst(types::I32, s as i64)
    }

    /// `test t, a` by the runtime (`rt_test`): the result as an `i8`.
    fn runtime_test(&mut self, t: TypeTest, a: Val) -> CValue {
        let c = self.c();
        let s = self.slot(a);
        let k = TypeTest::all().iter().position(|x| *x == t).unwrap() as i64;
        let k = self.iconst(types::I32, k);
        self.call(self.rt.test, &[c, s, k]).unwrap()
    }

    /// The address of `v`'s `any` slot (`NativeFrame::anys_ptr`, 16 bytes a `Value`)
    /// and its tag byte, as an `i32`.
    fn any_slot(&mut self, v: Val) -> (CValue, CValue) {
        let slot = self.slots[v.0 as usize] as i64;
        let base = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, anys_ptr));
        let addr = self.b.ins().iadd_imm_s(base, 16 * slot);
        let tag = self
            .b
            .ins()
            .uload8(types::I32, MemFlagsData::trusted(), addr, 0);
        (addr, tag)
    }

    /// `test is.int/is.dbl/is.lgl a`: the result (`i8`) and the unboxed word
    /// of a passing test (int/lgl zero-extended, a double's bits), for the
    /// `unbox` that follows. An unboxed scalar in the slot is tested and
    /// read in place (`Value`'s layout); anything else (a length-1 vector
    /// is the same R value) asks `rt_test`, which leaves the word in
    /// `NativeFrame::word`.
    fn scalar_test(&mut self, t: TypeTest, a: Val) -> (CValue, CValue) {
        let (addr, tag) = self.any_slot(a);
        let want = match t {
            TypeTest::IsInt => Value::TAG_INT,
            TypeTest::IsDbl => Value::TAG_DBL,
            _ => Value::TAG_LGL,
        };
        let is_tag = self.b.ins().icmp_imm_s(IntCC::Equal, tag, want as i64);
        let (fast, slow, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.set_cold_block(slow);
        let ok = self.b.append_block_param(join, types::I8);
        let word = self.b.append_block_param(join, types::I64);
        self.b.ins().brif(is_tag, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let (r, w) = if t == TypeTest::IsDbl {
            let w = self
                .b
                .ins()
                .load(types::I64, MemFlagsData::trusted(), addr, Value::F64_AT);
            (self.iconst(types::I8, 1), w)
        } else {
            let x = self
                .b
                .ins()
                .load(types::I32, MemFlagsData::trusted(), addr, Value::I32_AT);
            let r = if t == TypeTest::IsInt {
                self.b
                    .ins()
                    .icmp_imm_s(IntCC::NotEqual, x, NA_INTEGER as i64)
            } else {
                self.iconst(types::I8, 1)
            };
            (r, self.b.ins().uextend(types::I64, x))
        };
        self.b.ins().jump(join, &[r.into(), w.into()]);
        self.b.switch_to_block(slow);
        let r = self.runtime_test(t, a);
        let w = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, word));
        self.b.ins().jump(join, &[r.into(), w.into()]);
        self.b.switch_to_block(join);
        (ok, word)
    }

    /// `box x` into `r`'s slot: written in place (tag, payload, bound flag)
    /// when the slot holds a scalar or NULL, which owns nothing to release;
    /// else by the runtime (`f`: `rt_box_int`/`dbl`/`lgl`), which drops the
    /// old value.
    fn box_scalar(&mut self, r: Val, x: CValue, f: FuncRef, tag: u8) {
        let slot = self.slots[r.0 as usize] as i32;
        self.write_plain_slot(
            r,
            |l, addr| {
                let flags = MemFlagsData::trusted();
                let t = l.iconst(types::I8, tag as i64);
                l.b.ins().store(flags, t, addr, 0);
                let at = if tag == Value::TAG_DBL {
                    Value::F64_AT
                } else {
                    Value::I32_AT
                };
                l.b.ins().store(flags, x, addr, at);
                let unbound = l.load_ctx(std::mem::offset_of!(runtime::NativeFrame, unbound_ptr));
                let no = l.iconst(types::I8, 0);
                l.b.ins().store(flags, no, unbound, slot);
            },
            |l| {
                let c = l.c();
                let d = l.slot(r);
                l.call(f, &[c, d, x]);
            },
        );
    }

    /// Move the `any` in `a`'s slot into `p`'s (an edge argument's last
    /// use). When `p`'s slot holds no reference (its old value needs no
    /// drop), the 16 bytes and the unbound flag are copied in place and
    /// the source's tag set to `Null`; otherwise `rt_move`.
    fn move_slot(&mut self, p: Val, a: Val) {
        let (ps, as_) = (
            self.slots[p.0 as usize] as i32,
            self.slots[a.0 as usize] as i32,
        );
        self.write_plain_slot(
            p,
            |l, dst| {
                let (src, _) = l.any_slot(a);
                let flags = MemFlagsData::trusted();
                let lo = l.b.ins().load(types::I64, flags, src, 0);
                let hi = l.b.ins().load(types::I64, flags, src, 8);
                l.b.ins().store(flags, lo, dst, 0);
                l.b.ins().store(flags, hi, dst, 8);
                let null = l.iconst(types::I8, Value::TAG_NULL as i64);
                l.b.ins().store(flags, null, src, 0);
                let unbound = l.load_ctx(std::mem::offset_of!(runtime::NativeFrame, unbound_ptr));
                let u = l.b.ins().load(types::I8, flags, unbound, as_);
                l.b.ins().store(flags, u, unbound, ps);
            },
            |l| {
                let c = l.c();
                let (d, s) = (l.slot(p), l.slot(a));
                l.call(l.rt.move_, &[c, d, s]);
            },
        );
    }

    /// A write into `r`'s `any` slot: `fast` (given the slot's address)
    /// when the slot holds a scalar or NULL, which owns nothing to release,
    /// else `slow` (a runtime call that drops the old value), in a cold
    /// block; both join after.
    fn write_plain_slot(
        &mut self,
        r: Val,
        fast: impl FnOnce(&mut Self, CValue),
        slow: impl FnOnce(&mut Self),
    ) {
        let (addr, old) = self.any_slot(r);
        let plain =
            self.b
                .ins()
                .icmp_imm_u(IntCC::UnsignedLessThanOrEqual, old, Value::TAG_DBL as i64);
        let (fast_b, slow_b, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.set_cold_block(slow_b);
        self.b.ins().brif(plain, fast_b, &[], slow_b, &[]);
        self.b.switch_to_block(fast_b);
        fast(self, addr);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(slow_b);
        slow(self);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
    }

    fn call(&mut self, f: FuncRef, args: &[CValue]) -> Option<CValue> {
        let inst = self.b.ins().call(f, args);
        self.b.inst_results(inst).first().copied()
    }

    fn run(&mut self) -> Result<(), String> {
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        for _ in &self.f.blocks {
            let bb = self.b.create_block();
            self.blocks.push(bb);
        }
        self.b.switch_to_block(entry);
        self.ctxv = Some(self.b.block_params(entry)[0]);
        if self.opts.chaos {
            // The generator's address is fixed for the activation: load it once.
            let c = self.c();
            self.chaosv = Some(self.b.ins().load(
                self.ptr,
                MemFlagsData::trusted(),
                c,
                std::mem::offset_of!(runtime::NativeFrame, chaos) as i32,
            ));
        }
        // Unboxed entry parameters arrive as words of `NativeFrame::entry`.
        for (k, &p) in self.f.blocks[0].params.clone().iter().enumerate() {
            let t = self.f.ty(p);
            if !t.is_unboxed() {
                continue;
            }
            if t == Type::Cplx {
                return Err("cplx entry parameter".into());
            }
            let c = self.c();
            let kv = self.iconst(types::I32, k as i64);
            let w = self.call(self.rt.entry_word, &[c, kv]).unwrap();
            let x = match t {
                Type::Dbl => self.b.ins().bitcast(types::F64, MemFlagsData::new(), w),
                Type::Bool => self.b.ins().ireduce(types::I8, w),
                _ => self.b.ins().ireduce(types::I32, w),
            };
            self.def(p, x);
        }
        let first = self.blocks[0];
        self.b.ins().jump(first, &[]);
        for bi in 0..self.f.blocks.len() {
            let bb = self.blocks[bi];
            self.b.switch_to_block(bb);
            // A value left in its home at the end of a block keeps its
            // register definition on other paths (correct, just not split).
            self.pending.clear();
            self.unboxed.clear();
            let insts = self.f.blocks[bi].insts.clone();
            if insts.is_empty() {
                // Unreachable, empty block: must still be terminated.
                let z = self.iconst(types::I32, runtime::ST_OK as i64);
                self.b.ins().return_(&[z]);
                continue;
            }
            for i in insts {
                self.inst(i)?;
            }
        }
        if let Some(eb) = self.error_block {
            self.b.switch_to_block(eb);
            let one = self.iconst(types::I32, runtime::ST_ERROR as i64);
            self.b.ins().return_(&[one]);
        }
        Ok(())
    }

    fn error_block(&mut self) -> cranelift_codegen::ir::Block {
        if let Some(b) = self.error_block {
            return b;
        }
        // Filled after the last IR block (`run`): Cranelift switches blocks
        // only from a filled one.
        let eb = self.b.create_block();
        self.b.set_cold_block(eb);
        self.error_block = Some(eb);
        eb
    }

    /// Move edge arguments into the target block's parameter variables.
    /// `moved[k]`: argument k's slot is dead after the edge, so its value is
    /// moved rather than cloned.
    fn edge(&mut self, to: Block, args: &[Val], moved: &[bool]) -> Result<(), String> {
        let params = self.f.blocks[to.0 as usize].params.clone();
        if params.len() != args.len() {
            return Err("edge arity mismatch".into());
        }
        // Read everything first (parallel-copy semantics for unboxed values).
        let mut reads = Vec::new();
        for (&p, &a) in params.iter().zip(args) {
            match (self.f.ty(p), self.f.ty(a)) {
                (Type::Any, Type::Any) => reads.push(None),
                (Type::Any, _) => return Err("unboxed argument to a boxed parameter".into()),
                (pt, at) if pt == at => {
                    let (x, len) = self.var(a);
                    let xv = self.use_var(x);
                    let lv = len.map(|l| self.use_var(l));
                    reads.push(Some((xv, lv)));
                }
                _ => return Err("type mismatch on an edge".into()),
            }
        }
        for (k, ((&p, &a), r)) in params.iter().zip(args).zip(reads).enumerate() {
            match r {
                None => {
                    if p != a {
                        if moved.get(k).copied().unwrap_or(false) {
                            self.move_slot(p, a);
                        } else {
                            let c = self.c();
                            let (d, s) = (self.slot(p), self.slot(a));
                            self.call(self.rt.copy, &[c, d, s]);
                        }
                    }
                }
                Some((xv, lv)) => {
                    let (x, len) = self.var(p);
                    self.b.def_var(x, xv);
                    if let (Some(l), Some(lv)) = (len, lv) {
                        self.b.def_var(l, lv);
                    }
                }
            }
        }
        Ok(())
    }

    /// The value of `v` when it is an integer constant.
    fn const_int(&self, v: Val) -> Option<i32> {
        match self.f.def_inst(v).map(|i| &self.f.inst(i).kind) {
            Some(InstKind::ConstInt(k)) => Some(*k),
            _ => None,
        }
    }

    /// Lower instruction `i`. Unboxed values live across a runtime call are
    /// stored to their stack homes before it and reloaded after it: all
    /// floating-point registers are caller-saved, and a value live across a
    /// call anywhere in a loop nest would otherwise stay in memory in the
    /// inner loops too (an f64 accumulator then pays a store-to-load
    /// forwarding per iteration). Split this way, no register value crosses
    /// a call.
    fn inst(&mut self, i: Inst) -> Result<(), String> {
        let live: Vec<Val> = self.across.get(&i).cloned().unwrap_or_default();
        let mut homes = Vec::new();
        for v in live {
            let (x, len) = self.var(v);
            for (k, x) in std::iter::once(x).chain(len).enumerate() {
                if let Some(&(ty, ss)) = self.pending.get(&x.index()) {
                    // Still in its home since an earlier call.
                    homes.push((x, ty, ss));
                    continue;
                }
                let val = self.use_var(x);
                let ty = self.b.func.dfg.value_type(val);
                let ss = *self.spill_slots.entry((v, k)).or_insert_with(|| {
                    self.b.create_sized_stack_slot(StackSlotData::new(
                        StackSlotKind::ExplicitSlot,
                        8,
                        3,
                    ))
                });
                self.b.ins().stack_store(self.ptr, val, ss, 0);
                homes.push((x, ty, ss));
            }
        }
        self.lower_inst(i)?;
        for (x, ty, ss) in homes {
            self.pending.insert(x.index(), (ty, ss));
        }
        Ok(())
    }

    /// Read variable `x`, reloading it from its stack home if a runtime call
    /// left it there.
    fn use_var(&mut self, x: Variable) -> CValue {
        match self.pending.get(&x.index()).copied() {
            Some((ty, ss)) => {
                let r = self.b.ins().stack_load(self.ptr, ty, ss, 0);
                if !self.in_exit {
                    self.pending.remove(&x.index());
                    self.b.def_var(x, r);
                }
                r
            }
            None => self.b.use_var(x),
        }
    }

    fn lower_inst(&mut self, i: Inst) -> Result<(), String> {
        let d = self.f.inst(i).clone();
        let res = d.result;
        use InstKind::*;
        match &d.kind {
            ConstInt(x) => {
                let v = self.iconst(types::I32, *x as i64);
                self.def(res.unwrap(), v);
            }
            ConstLgl(x) => {
                let v = self.iconst(types::I32, *x as i64);
                self.def(res.unwrap(), v);
            }
            ConstBool(x) => {
                let v = self.iconst(types::I8, *x as i64);
                self.def(res.unwrap(), v);
            }
            ConstDbl(x) => {
                let v = self.b.ins().f64const(*x);
                self.def(res.unwrap(), v);
            }
            ConstAny(k) => {
                let c = self.c();
                let d = self.slot(res.unwrap());
                let k = self.iconst(types::I32, *k as i64);
                self.call(self.rt.konst, &[c, d, k]);
            }
            Unary(op, a) => self.unary(*op, *a, res.unwrap())?,
            Binary(op, a, b) => self.binary(*op, *a, *b, res.unwrap())?,
            Test(
                t @ (TypeTest::IsVecInt
                | TypeTest::IsVecDbl
                | TypeTest::IsVecLgl
                | TypeTest::IsVecCplx),
                a,
            ) => {
                let c = self.c();
                let s = self.slot(*a);
                let e = elem_code(t.refined());
                let ev = self.iconst(types::I32, e);
                let p = self.call(self.rt.vec_probe, &[c, s, ev]).unwrap();
                let n = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, vec_len));
                self.unboxed.insert((*a, t.refined()), (p, Some(n)));
                let r = self.b.ins().icmp_imm_s(IntCC::NotEqual, p, 0);
                self.def(res.unwrap(), r);
            }
            Test(t @ (TypeTest::IsInt | TypeTest::IsDbl | TypeTest::IsLgl), a) => {
                let (r, w) = self.scalar_test(*t, *a);
                self.unboxed.insert((*a, t.refined()), (w, None));
                self.def(res.unwrap(), r);
            }
            Test(t, a) => {
                let r = self.runtime_test(*t, *a);
                self.def(res.unwrap(), r);
            }
            CalleeIs { sym, callee } => {
                let target = self
                    .f
                    .callees
                    .get(*callee as usize)
                    .ok_or("callee_is names no inlined function")?;
                let (code, builtin) = (target.code, target.builtin);
                let c = self.c();
                let s = self.iconst(types::I32, *sym as i64);
                let k = self.iconst(types::I64, code as i64);
                let bi = self.iconst(types::I8, builtin as i64);
                let r = self.call(self.rt.callee_is, &[c, s, k, bi]).unwrap();
                self.def(res.unwrap(), r);
            }
            GlobalEpochIs(epoch) => {
                // `*interp.global_epoch == epoch`: three loads, no call.
                let interp = self.load_interp();
                let at = self.b.ins().load(
                    self.ptr,
                    MemFlagsData::trusted(),
                    interp,
                    std::mem::offset_of!(vm::interp::Interp, global_epoch) as i32,
                );
                let now = self
                    .b
                    .ins()
                    .load(types::I64, MemFlagsData::trusted(), at, 0);
                let same = self.b.ins().icmp_imm_u(IntCC::Equal, now, *epoch as i64);
                self.def(res.unwrap(), same);
            }
            LoadGlobal(sym) => {
                let c = self.c();
                let s = self.iconst(types::I32, *sym as i64);
                let d = self.slot(res.unwrap());
                self.call(self.rt.load_global, &[c, s, d]);
            }
            StoreGlobal(sym, a) => {
                let c = self.c();
                let s = self.iconst(types::I32, *sym as i64);
                let src = self.slot(*a);
                self.call(self.rt.store_global, &[c, s, src]);
            }
            LoadFrame(slot) => {
                let c = self.c();
                let s = self.iconst(types::I32, *slot as i64);
                let d = self.slot(res.unwrap());
                self.call(self.rt.load_frame, &[c, s, d]);
            }
            StoreFrame(slot, a) => {
                let c = self.c();
                let s = self.iconst(types::I32, *slot as i64);
                let src = self.slot(*a);
                self.call(self.rt.store_frame, &[c, s, src]);
            }
            VecSet(x, idx, e) => {
                let moved = self.moves.runtime_moves(i, 1)[0];
                let bit = if moved { runtime::MOVE_OPERAND } else { 0 };
                let src = self.iconst(types::I32, (self.slots[x.0 as usize] | bit) as i64);
                let dst = self.slot(res.unwrap());
                let c = self.c();
                let iv = self.get(*idx);
                let ev = if self.f.ty(*e) == Type::Cplx {
                    iv
                } else {
                    self.get(*e)
                };
                let (p, vt) = match self.f.ty(*e) {
                    Type::Cplx => {
                        let (re, im) = self.get2(*e);
                        (
                            self.call(self.rt.vec_set_cplx, &[c, src, dst, iv, re, im]),
                            Type::VecCplx,
                        )
                    }
                    Type::Dbl => (
                        self.call(self.rt.vec_set_dbl, &[c, src, dst, iv, ev]),
                        Type::VecDbl,
                    ),
                    t => {
                        let lgl = self.iconst(types::I32, (t == Type::Lgl) as i64);
                        let p = self.call(self.rt.vec_set_i32, &[c, src, dst, iv, ev, lgl]);
                        (
                            p,
                            if t == Type::Lgl {
                                Type::VecLgl
                            } else {
                                Type::VecInt
                            },
                        )
                    }
                };
                let n = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, vec_len));
                self.unboxed
                    .insert((res.unwrap(), vt), (p.unwrap(), Some(n)));
            }
            VecLoad(x, i0) => {
                let (p, _) = self.var(*x);
                let p = self.use_var(p);
                let i0 = self.get(*i0);
                // In bounds, so non-negative: zero-extending is free on x86-64
                // (32-bit operations clear the upper half).
                let i64v = self.b.ins().uextend(types::I64, i0);
                if self.f.ty(*x) == Type::VecCplx {
                    // 16-byte elements: re at 0, im at 8.
                    let off = self.b.ins().ishl_imm_u(i64v, 4);
                    let addr = self.b.ins().iadd(p, off);
                    let flags = MemFlagsData::trusted();
                    let re = self.b.ins().load(types::F64, flags, addr, 0);
                    let im = self.b.ins().load(types::F64, flags, addr, 8);
                    self.def2(res.unwrap(), re, im);
                    return Ok(());
                }
                let (scale, ty) = if self.f.ty(*x) == Type::VecDbl {
                    (3, types::F64)
                } else {
                    (2, types::I32)
                };
                let off = self.b.ins().ishl_imm_u(i64v, scale);
                let addr = self.b.ins().iadd(p, off);
                let v = self.b.ins().load(ty, MemFlagsData::trusted(), addr, 0);
                self.def(res.unwrap(), v);
            }
            InBounds(x, i) => {
                let (_, len) = self.var(*x);
                let len = self.use_var(len.ok_or("inbounds of a non-vector")?);
                let iv = self.get(*i);
                let i64v = self.b.ins().sextend(types::I64, iv);
                let k = self.b.ins().iadd_imm_s(i64v, -1);
                let r = self.b.ins().icmp(IntCC::UnsignedLessThan, k, len);
                self.def(res.unwrap(), r);
            }
            Runtime(RtOp::AtPc(pc), args) => {
                let n = args.len();
                let ss = self.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    (4 * n.max(1)) as u32,
                    2,
                ));
                let moved = self.moves.runtime_moves(i, n);
                for (k, &a) in args.iter().enumerate() {
                    let bit = if moved[k] { runtime::MOVE_OPERAND } else { 0 };
                    let s = self.iconst(types::I32, (self.slots[a.0 as usize] | bit) as i64);
                    self.b.ins().stack_store(types::I32, s, ss, (4 * k) as i32);
                }
                let addr = self.b.ins().stack_addr(self.ptr, ss, 0);
                let c = self.c();
                let pcv = self.iconst(types::I32, *pc as i64);
                let nv = self.iconst(types::I32, n as i64);
                let d = self.slot(res.unwrap());
                let st = self.call(self.rt.generic, &[c, pcv, addr, nv, d]).unwrap();
                let eb = self.error_block();
                let cont = self.b.create_block();
                self.b.ins().brif(st, eb, &[], cont, &[]);
                self.b.switch_to_block(cont);
            }
            SetVisible(v) => {
                // `interp.visible = v` through the activation's interpreter pointer.
                let interp = self.load_interp();
                let flag = self.iconst(types::I8, *v as i64);
                self.b.ins().store(
                    MemFlagsData::trusted(),
                    flag,
                    interp,
                    std::mem::offset_of!(vm::interp::Interp, visible) as i32,
                );
            }
            Checkpoint(_) => {}
            CallState(cp) => self.call_state(*cp)?,
            FrameSynced => self.frame_synced(res.unwrap()),
            Assume {
                cond,
                checkpoint,
                reason,
            } => self.assume(i, *cond, *checkpoint, *reason)?,
            Jump(t, args) => {
                let moved = self.moves.edge_moves(i, 0, args.len());
                self.edge(*t, args, &moved)?;
                let tb = self.blocks[t.0 as usize];
                self.b.ins().jump(tb, &[]);
            }
            Branch(c, t, ta, e, ea) => {
                let cv = self.get(*c);
                let (bt, be) = (self.b.create_block(), self.b.create_block());
                // Cranelift places a `brif`'s second target right after the
                // block: make that the true edge, so that a loop body follows
                // its header and an iteration takes one branch (the back edge).
                let not = self.b.ins().icmp_imm_s(IntCC::Equal, cv, 0);
                self.b.ins().brif(not, be, &[], bt, &[]);
                // Each edge reloads what it passes from the same homes.
                let pending = self.pending.clone();
                for (k, (blk, tgt, args)) in [(bt, t, ta), (be, e, ea)].into_iter().enumerate() {
                    self.b.switch_to_block(blk);
                    self.pending.clone_from(&pending);
                    let moved = self.moves.edge_moves(i, k, args.len());
                    self.edge(*tgt, args, &moved)?;
                    let tb = self.blocks[tgt.0 as usize];
                    self.b.ins().jump(tb, &[]);
                }
            }
            Return(v) => {
                let c = self.c();
                // A scalar result is stored natively (`NativeFrame::take_result`
                // boxes it): no runtime call on the return path.
                let word = match self.f.ty(*v) {
                    t @ (Type::Int | Type::Lgl) => {
                        let x = self.get(*v);
                        let kind = if t == Type::Int {
                            runtime::RET_INT
                        } else {
                            runtime::RET_LGL
                        };
                        Some((self.b.ins().uextend(types::I64, x), kind))
                    }
                    Type::Bool => {
                        let x = self.get(*v);
                        Some((self.b.ins().uextend(types::I64, x), runtime::RET_LGL))
                    }
                    Type::Dbl => {
                        let x = self.get(*v);
                        let w = self.b.ins().bitcast(types::I64, MemFlagsData::new(), x);
                        Some((w, runtime::RET_DBL))
                    }
                    Type::Any => {
                        let s = self.slot(*v);
                        self.call(self.rt.ret_any, &[c, s]);
                        None
                    }
                    Type::Cplx => {
                        let (re, im) = self.get2(*v);
                        self.call(self.rt.ret_cplx, &[c, re, im]);
                        None
                    }
                    t => return Err(format!("return of a {} value", t.name())),
                };
                if let Some((w, kind)) = word {
                    let flags = MemFlagsData::trusted();
                    let at = std::mem::offset_of!(runtime::NativeFrame, ret_word) as i32;
                    self.b.ins().store(flags, w, c, at);
                    let k = self.iconst(types::I32, kind as i64);
                    let at = std::mem::offset_of!(runtime::NativeFrame, ret_kind) as i32;
                    self.b.ins().store(flags, k, c, at);
                }
                let z = self.iconst(types::I32, runtime::ST_OK as i64);
                self.b.ins().return_(&[z]);
            }
        }
        Ok(())
    }

    fn unary(&mut self, op: UnOp, a: Val, r: Val) -> Result<(), String> {
        use UnOp::*;
        let c = self.c();
        match op {
            Box if self.f.ty(a) == Type::Cplx => {
                let d = self.slot(r);
                let (re, im) = self.get2(a);
                self.call(self.rt.box_cplx, &[c, d, re, im]);
            }
            Box => {
                let x = self.get(a);
                let (x, f, tag) = match self.f.ty(a) {
                    Type::Int => (x, self.rt.box_int, Value::TAG_INT),
                    Type::Dbl => (x, self.rt.box_dbl, Value::TAG_DBL),
                    Type::Lgl => (x, self.rt.box_lgl, Value::TAG_LGL),
                    Type::Bool => {
                        let x = self.b.ins().uextend(types::I32, x);
                        (x, self.rt.box_lgl, Value::TAG_LGL)
                    }
                    t => return Err(format!("box of {}", t.name())),
                };
                self.box_scalar(r, x, f, tag);
            }
            Unbox => {
                let s = self.slot(a);
                match self.f.ty(r) {
                    t @ (Type::Int | Type::Lgl) => {
                        let v = match self.unboxed.get(&(a, t)) {
                            Some(&(w, _)) => self.b.ins().ireduce(types::I32, w),
                            None => self.call(self.rt.unbox_int, &[c, s]).unwrap(),
                        };
                        self.def(r, v);
                    }
                    Type::Dbl => {
                        let v = match self.unboxed.get(&(a, Type::Dbl)) {
                            Some(&(w, _)) => {
                                self.b.ins().bitcast(types::F64, MemFlagsData::new(), w)
                            }
                            None => self.call(self.rt.unbox_dbl, &[c, s]).unwrap(),
                        };
                        self.def(r, v);
                    }
                    Type::Cplx => {
                        let re = self.call(self.rt.unbox_cplx, &[c, s]).unwrap();
                        let w = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, word));
                        let im = self.b.ins().bitcast(types::F64, MemFlagsData::new(), w);
                        self.def2(r, re, im);
                    }
                    t if t.is_vec() => {
                        let (p, n) = match self.unboxed.get(&(a, t)) {
                            Some(&(p, Some(n))) => (p, n),
                            _ => {
                                let e = self.iconst(types::I32, elem_code(t));
                                let p = self.call(self.rt.vec_ptr, &[c, s, e]).unwrap();
                                let at = std::mem::offset_of!(runtime::NativeFrame, vec_len);
                                (p, self.load_ctx(at))
                            }
                        };
                        let (pv, lv) = self.var(r);
                        self.b.def_var(pv, p);
                        self.b.def_var(lv.unwrap(), n);
                    }
                    t => return Err(format!("unbox to {}", t.name())),
                }
            }
            NRow | NCol | Length => {
                let s = self.slot(a);
                let f = match op {
                    NRow => self.rt.nrow,
                    NCol => self.rt.ncol,
                    _ => self.rt.length,
                };
                let v = self.call(f, &[c, s]).unwrap();
                self.def(r, v);
            }
            NegC | ConjC => {
                let (re, im) = self.get2(a);
                let re = if op == NegC {
                    self.b.ins().fneg(re)
                } else {
                    re
                };
                let im = self.b.ins().fneg(im);
                self.def2(r, re, im);
            }
            ReC | ImC | ModC => {
                // R's (and the interpreter's): the parts, and `hypot` of them.
                let (re, im) = self.get2(a);
                let v = match op {
                    ReC => re,
                    ImC => im,
                    _ => self.call(self.rt.cplx_mod, &[re, im]).unwrap(),
                };
                self.def(r, v);
            }
            DblToCplx => {
                // `NA_real_` (NaN with low word 1954) → NA_complex_; else (x, 0).
                let x = self.get(a);
                let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                let bits = self.b.ins().bitcast(types::I64, MemFlagsData::new(), x);
                let low = self.b.ins().ireduce(types::I32, bits);
                let is1954 = self.b.ins().icmp_imm_s(IntCC::Equal, low, 1954);
                let na = self.b.ins().band(nan, is1954);
                let nav = self.na_real();
                let zero = self.b.ins().f64const(0.0);
                let re = self.b.ins().select(na, nav, x);
                let im = self.b.ins().select(na, nav, zero);
                self.def2(r, re, im);
            }
            VecLen => {
                let (_, len) = self.var(a);
                let len = self.use_var(len.ok_or("veclen of a non-vector")?);
                let v = self.b.ins().ireduce(types::I32, len);
                self.def(r, v);
            }
            _ => {
                let x = self.get(a);
                let v = match op {
                    NegI => self.b.ins().ineg(x),
                    NegD => self.b.ins().fneg(x),
                    SqrtD => self.b.ins().sqrt(x),
                    AbsD => self.b.ins().fabs(x),
                    AbsI => self.b.ins().iabs(x),
                    FloorD => self.b.ins().floor(x),
                    CeilD => self.b.ins().ceil(x),
                    TruncD => self.b.ins().trunc(x),
                    RoundD => self.b.ins().nearest(x),
                    ExpD | LogD | SinD | CosD | TanD => {
                        let k = match op {
                            ExpD => 0,
                            LogD => 1,
                            SinD => 2,
                            CosD => 3,
                            _ => 4,
                        };
                        let k = self.iconst(types::I32, k);
                        self.call(self.rt.math1, &[x, k]).unwrap()
                    }
                    NotB => self.b.ins().icmp_imm_s(IntCC::Equal, x, 0),
                    IntToDbl => self.b.ins().fcvt_from_sint(types::F64, x),
                    DblToInt => self.b.ins().fcvt_to_sint_sat(types::I32, x),
                    DblIsInt => {
                        // Round trip through int32 (NaN fails the compare).
                        let i = self.b.ins().fcvt_to_sint_sat(types::I32, x);
                        let back = self.b.ins().fcvt_from_sint(types::F64, i);
                        let exact = self.b.ins().fcmp(FloatCC::Equal, back, x);
                        let not_na = self.b.ins().icmp_imm_s(IntCC::NotEqual, i, i32::MIN as i64);
                        self.b.ins().band(exact, not_na)
                    }
                    BoolToLgl => self.b.ins().uextend(types::I32, x),
                    LglToBool => self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0),
                    LglIsNa => self.b.ins().icmp_imm_s(IntCC::Equal, x, i32::MIN as i64),
                    DblIsNan => self.b.ins().fcmp(FloatCC::Unordered, x, x),
                    IntToLgl => {
                        let b = self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0);
                        self.b.ins().uextend(types::I32, b)
                    }
                    DblToLgl => {
                        let zero = self.b.ins().f64const(0.0);
                        let ne = self.b.ins().fcmp(FloatCC::NotEqual, x, zero);
                        let ne = self.b.ins().uextend(types::I32, ne);
                        let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                        let na = self.iconst(types::I32, i32::MIN as i64);
                        self.b.ins().select(nan, na, ne)
                    }
                    Box | Unbox | VecLen | NRow | NCol | Length | NegC | ConjC | ReC | ImC
                    | ModC | DblToCplx => unreachable!(),
                };
                self.def(r, v);
            }
        }
        Ok(())
    }

    fn binary(&mut self, op: BinOp, a: Val, b: Val, r: Val) -> Result<(), String> {
        use BinOp::*;
        if matches!(op, AddC | SubC | MulC | DivC) {
            // `+` and `-` part by part, as the interpreter (`num_complex`);
            // `*` and `/` call its C99 functions.
            let (p, q) = self.get2(a);
            let (u, w) = self.get2(b);
            let (re, im) = match op {
                AddC => (self.b.ins().fadd(p, u), self.b.ins().fadd(q, w)),
                SubC => (self.b.ins().fsub(p, u), self.b.ins().fsub(q, w)),
                _ => {
                    // C99 `double complex` `*` and `/` (the interpreter's
                    // functions: Annex G's recovery of infinities).
                    let f = if op == MulC {
                        self.rt.cplx_mul
                    } else {
                        self.rt.cplx_div
                    };
                    let inst = self.b.ins().call(f, &[p, q, u, w]);
                    let rs = self.b.inst_results(inst);
                    (rs[0], rs[1])
                }
            };
            self.def2(r, re, im);
            return Ok(());
        }
        let x = self.get(a);
        let y = self.get(b);
        let v = match op {
            AddI => self.b.ins().iadd(x, y),
            SubI => self.b.ins().isub(x, y),
            MulI => self.b.ins().imul(x, y),
            AddOvfI | SubOvfI if self.const_int(b).is_some_and(|k| k != i32::MIN) => {
                // `x ± k` leaves the non-NA range exactly when x is beyond one
                // bound (x itself is never NA): one comparison.
                let k = self.const_int(b).unwrap() as i64;
                let k = if op == AddOvfI { k } else { -k };
                if k >= 0 {
                    self.b
                        .ins()
                        .icmp_imm_s(IntCC::SignedGreaterThan, x, i32::MAX as i64 - k)
                } else {
                    self.b
                        .ins()
                        .icmp_imm_s(IntCC::SignedLessThanOrEqual, x, i32::MIN as i64 - k)
                }
            }
            AddOvfI | SubOvfI | MulOvfI => {
                // Overflow, or the NA pattern (i32::MIN) as the result.
                let (r, of) = match op {
                    AddOvfI => self.b.ins().sadd_overflow(x, y),
                    SubOvfI => self.b.ins().ssub_overflow(x, y),
                    _ => self.b.ins().smul_overflow(x, y),
                };
                let na = self.b.ins().icmp_imm_s(IntCC::Equal, r, i32::MIN as i64);
                self.b.ins().bor(of, na)
            }
            ModI if self.const_int(b).is_some_and(|k| k > 0) => {
                // A positive divisor: R's result is the remainder plus the
                // divisor when the remainder is negative.
                let r = self.b.ins().srem(x, y);
                let neg = self.b.ins().sshr_imm_u(r, 31);
                let adj = self.b.ins().band(neg, y);
                self.b.ins().iadd(r, adj)
            }
            ModI | IDivI => {
                // R's integer %% takes the sign of the divisor; %/% floors.
                // The divisor is non-zero (assumed) and neither operand is NA.
                let r = self.b.ins().srem(x, y);
                let rz = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                let xr = self.b.ins().bxor(r, y);
                let diff = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, xr, 0);
                let adjust = self.b.ins().band(rz, diff);
                if op == ModI {
                    let radj = self.b.ins().iadd(r, y);
                    self.b.ins().select(adjust, radj, r)
                } else {
                    let q = self.b.ins().sdiv(x, y);
                    let q1 = self.b.ins().iadd_imm_s(q, -1);
                    self.b.ins().select(adjust, q1, q)
                }
            }
            AddD => self.b.ins().fadd(x, y),
            SubD => self.b.ins().fsub(x, y),
            MulD => self.b.ins().fmul(x, y),
            DivD => self.b.ins().fdiv(x, y),
            PowD | ModD | IDivD => {
                let f = match op {
                    PowD => self.rt.pow,
                    ModD => self.rt.fmod,
                    _ => self.rt.fidiv,
                };
                self.call(f, &[x, y]).unwrap()
            }
            LtI | LeI | GtI | GeI | EqI | NeI => {
                let cc = match op {
                    LtI => IntCC::SignedLessThan,
                    LeI => IntCC::SignedLessThanOrEqual,
                    GtI => IntCC::SignedGreaterThan,
                    GeI => IntCC::SignedGreaterThanOrEqual,
                    EqI => IntCC::Equal,
                    _ => IntCC::NotEqual,
                };
                self.b.ins().icmp(cc, x, y)
            }
            LtD | LeD | GtD | GeD | EqD | NeD => {
                let cc = match op {
                    LtD => FloatCC::LessThan,
                    LeD => FloatCC::LessThanOrEqual,
                    GtD => FloatCC::GreaterThan,
                    GeD => FloatCC::GreaterThanOrEqual,
                    EqD => FloatCC::Equal,
                    _ => FloatCC::OrderedNotEqual,
                };
                let r = self.b.ins().fcmp(cc, x, y);
                let r = self.b.ins().uextend(types::I32, r);
                let nan = self.b.ins().fcmp(FloatCC::Unordered, x, y);
                let na = self.iconst(types::I32, i32::MIN as i64);
                self.b.ins().select(nan, na, r)
            }
            AndB => self.b.ins().band(x, y),
            OrB => self.b.ins().bor(x, y),
            MinI => self.b.ins().smin(x, y),
            MaxI => self.b.ins().smax(x, y),
            MinD => self.b.ins().fmin(x, y),
            MaxD => self.b.ins().fmax(x, y),
            AddC | SubC | MulC | DivC => unreachable!(),
        };
        self.def(r, v);
        Ok(())
    }

    /// `assume cond, cp, reason`: continue when `cond` (and no chaos draw);
    /// else write the frame state and call `rt_exit` from a cold block.
    /// Chaos mode's draw, inline: count `Chaos::countdown` (at offset 0 of
    /// the generator `NativeFrame::chaos` points to) down; 1 when it reaches 0 (this
    /// check must fail; `rt_exit` draws the next gap).
    fn chaos_draw(&mut self) -> CValue {
        let flags = MemFlagsData::trusted();
        let p = self.chaosv.expect("chaos generator loaded at entry");
        let n = self.b.ins().load(
            types::I64,
            flags,
            p,
            std::mem::offset_of!(runtime::Chaos, countdown) as i32,
        );
        let n = self.b.ins().iadd_imm_s(n, -1);
        self.b.ins().store(
            flags,
            n,
            p,
            std::mem::offset_of!(runtime::Chaos, countdown) as i32,
        );
        self.b.ins().icmp_imm_s(IntCC::Equal, n, 0)
    }

    /// The exit buffer: one stack slot for all exits, sized for the largest
    /// frame state and a tested value.
    fn exit_buffer(&mut self) -> cranelift_codegen::ir::StackSlot {
        if let Some(ss) = self.exit_buf {
            return ss;
        }
        let words = self.exit_words();
        // `cplx` words keep their imaginary parts in a second half.
        let halves = if self.imag_at() != 0 { 2 } else { 1 };
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (8 * words * halves) as u32,
            3,
        ));
        self.exit_buf = Some(ss);
        ss
    }

    /// Where the exit buffer's imaginary parts start (in words): after the
    /// largest frame state and a tested value, when the function has `cplx`
    /// values; 0 otherwise.
    fn imag_at(&self) -> usize {
        if !self.f.vals.iter().any(|v| v.ty == Type::Cplx) {
            return 0;
        }
        self.exit_words()
    }

    /// Words of an exit: the largest frame state, and a tested value.
    fn exit_words(&self) -> usize {
        self.f
            .insts
            .iter()
            .filter_map(|d| match &d.kind {
                InstKind::Checkpoint(fs) => Some(fs.values().len()),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            + 1
    }

    fn checkpoint_state(&self, cp: Val) -> Result<FrameState, String> {
        match self.f.def_inst(cp).map(|ci| &self.f.inst(ci).kind) {
            Some(InstKind::Checkpoint(fs)) => Ok(fs.clone()),
            _ => Err("a frame state operand that is not a checkpoint".into()),
        }
    }

    /// Record the exit (or published call state) `fs` whose buffer holds
    /// `words` (the state's values, then maybe a tested value); its id.
    fn push_exit_info(
        &mut self,
        fs: &FrameState,
        words: &[Val],
        reason: Reason,
        feedback: Option<(u32, usize)>,
    ) -> u32 {
        let types: Vec<Type> = words.iter().map(|&w| self.f.ty(w)).collect();
        // `any` words are slot numbers, known now: the runtime fills them in.
        let any_slots = words
            .iter()
            .enumerate()
            .filter(|&(_, &w)| self.f.ty(w) == Type::Any)
            .map(|(k, &w)| (k as u32, self.slots[w.0 as usize]))
            .collect();
        let id = self.exits.len() as u32;
        let imag_at = if types.contains(&Type::Cplx) {
            self.imag_at()
        } else {
            0
        };
        self.exits.push(ExitInfo {
            imag_at,
            pc: fs.pc,
            reason,
            types,
            nstack: fs.stack.len(),
            locals: fs.locals.iter().map(|l| l.is_some()).collect(),
            loop_steps: fs.loops.iter().map(|l| l.2).collect(),
            feedback,
            any_slots,
        });
        id
    }

    /// Store the unboxed `words` into the exit buffer (`any` words are
    /// filled in by the runtime); the buffer's address.
    fn write_exit_words(&mut self, words: &[Val], imag_at: usize) -> Result<CValue, String> {
        let ss = self.exit_buffer();
        for (k, &w) in words.iter().enumerate() {
            let word = match self.f.ty(w) {
                Type::Int | Type::Lgl | Type::Bool => {
                    let x = self.get(w);
                    self.b.ins().uextend(types::I64, x)
                }
                Type::Dbl => {
                    let x = self.get(w);
                    self.b.ins().bitcast(types::I64, MemFlagsData::new(), x)
                }
                Type::Cplx => {
                    let (re, im) = self.get2(w);
                    let at = 8 * (imag_at + k) as i32;
                    let im = self.b.ins().bitcast(types::I64, MemFlagsData::new(), im);
                    self.b.ins().stack_store(types::I64, im, ss, at);
                    self.b.ins().bitcast(types::I64, MemFlagsData::new(), re)
                }
                Type::Any => continue,
                t => return Err(format!("{} value in a frame state", t.name())),
            };
            self.b
                .ins()
                .stack_store(types::I64, word, ss, (8 * k) as i32);
        }
        Ok(self.b.ins().stack_addr(self.ptr, ss, 0))
    }

    /// `call_state cp`: the state's words into the exit buffer, and its
    /// exit id (plus one) and the buffer into the context, where observers
    /// of the frame find them while the next runtime call runs
    /// (`runtime::sync_frames`). The buffer is free then: no exit of this
    /// activation can happen during its call.
    fn call_state(&mut self, cp: Val) -> Result<(), String> {
        let fs = self.checkpoint_state(cp)?;
        let words = fs.values();
        let id = self.push_exit_info(&fs, &words, Reason::FrameObserved, None);
        let imag_at = self.exits[id as usize].imag_at;
        let addr = self.write_exit_words(&words, imag_at)?;
        let c = self.c();
        let idv = self.iconst(types::I32, id as i64 + 1);
        self.b.ins().store(
            MemFlagsData::trusted(),
            idv,
            c,
            std::mem::offset_of!(runtime::NativeFrame, call_state) as i32,
        );
        self.b.ins().store(
            MemFlagsData::trusted(),
            addr,
            c,
            std::mem::offset_of!(runtime::NativeFrame, call_buf) as i32,
        );
        Ok(())
    }

    /// `frame_synced`: did an observer write the published state into the
    /// frame (`call_state` is then `runtime::CALL_STATE_SYNCED`)? Clears it.
    fn frame_synced(&mut self, res: Val) {
        let c = self.c();
        let at = std::mem::offset_of!(runtime::NativeFrame, call_state) as i32;
        let st = self
            .b
            .ins()
            .load(types::I32, MemFlagsData::trusted(), c, at);
        let synced = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, st, runtime::CALL_STATE_SYNCED as i64);
        let zero = self.iconst(types::I32, 0);
        self.b.ins().store(MemFlagsData::trusted(), zero, c, at);
        self.def(res, synced);
    }

    fn assume(&mut self, i: Inst, cond: Val, cp: Val, reason: Reason) -> Result<(), String> {
        let fs = self.checkpoint_state(cp)?;
        let cv = self.get(cond);
        // A transfer is not a check: no draw.
        let chaos = self.opts.chaos && reason != Reason::Transfer;
        let go = if chaos {
            let draw = self.chaos_draw();
            let no = self.b.ins().icmp_imm_s(IntCC::Equal, draw, 0);
            self.b.ins().band(cv, no)
        } else {
            cv
        };
        // The exit buffer: stack, bound locals, loop counters.
        let mut words: Vec<Val> = fs.values();
        let state_len = words.len();
        let feedback = self.f.assume_feedback.get(&i).copied().and_then(|fb| {
            // The tested value is the operand of the `test` the condition comes from.
            let tested = match self.f.def_inst(cond).map(|ci| &self.f.inst(ci).kind) {
                Some(InstKind::Test(_, v)) => Some(*v),
                _ => None,
            }?;
            let k = match words.iter().position(|&w| w == tested) {
                Some(k) => k,
                None => {
                    words.push(tested);
                    words.len() - 1
                }
            };
            Some((fb, k))
        });
        let id = self.push_exit_info(&fs, &words, reason, feedback);
        let imag_at = self.exits[id as usize].imag_at;
        let idv = self.iconst(types::I32, id as i64);
        // Without chaos the exit is taken only when the condition is false.
        let held = if chaos {
            self.b.ins().uextend(types::I32, cv)
        } else {
            self.iconst(types::I32, 0)
        };
        let key = (fs, words.get(state_len).copied());
        let (exit, fill) = match self.exit_blocks.get(&key) {
            Some(&b) => (b, false),
            None => {
                let b = self.b.create_block();
                self.b.set_cold_block(b);
                self.b.append_block_param(b, types::I32);
                self.b.append_block_param(b, types::I32);
                self.exit_blocks.insert(key, b);
                (b, true)
            }
        };
        let cont = self.b.create_block();
        self.b
            .ins()
            .brif(go, cont, &[], exit, &[idv.into(), held.into()]);
        if fill {
            self.b.switch_to_block(exit);
            self.in_exit = true;
            let params = self.b.block_params(exit).to_vec();
            let addr = self.write_exit_words(&words, imag_at)?;
            let c = self.c();
            let st = self
                .call(self.rt.exit, &[c, params[0], addr, params[1]])
                .unwrap();
            self.b.ins().return_(&[st]);
            self.in_exit = false;
        }
        self.b.switch_to_block(cont);
        Ok(())
    }
}
