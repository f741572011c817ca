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

mod arith;
mod exits;
mod free;
mod insts;

/// A compiled function: its code (kept alive with the module) and exit table.
/// Each compiled version, OSR-in entry and continuation has a module of its
/// own, freed when the last `Rc<Compiled>` is dropped (see `Drop`).
pub struct Compiled {
    module: std::mem::ManuallyDrop<JITModule>,
    pub entry: extern "C" fn(*mut runtime::NativeFrame) -> u32,
    pub exits: Rc<Vec<ExitInfo>>,
    /// Size of the `any` slot array.
    pub nslots: usize,
    /// Free-variable sites (`lower::free`): words of `NativeFrame::free_slots`.
    pub nfree: usize,
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
    /// The `callee_is` guards' caches, one per inlined target (the code
    /// holds their addresses).
    _callee_caches: Box<[runtime::CalleeCache]>,
    /// Per-instruction runtime caches (`pipeline::compile` makes them: the
    /// IR does not know the function's calls and instructions).
    pub caches: runtime::SiteCaches,
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
    swap: FuncRef,
    field_probe: FuncRef,
    field_word: FuncRef,
    konst: FuncRef,
    generic: FuncRef,
    free_load: FuncRef,
    free_store: FuncRef,
    free_slot: FuncRef,
    call_closure: FuncRef,
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

/// Build this thread's host ISAs ahead of its first compile (a thread that
/// will compile, started before there is anything to compile).
pub fn warm_up(verify: bool) {
    for quick in [false, true] {
        let _ = host_isa(verify, quick);
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

/// Lower `f` to native code.
pub fn lower(f: &Func, opts: LowerOptions) -> Result<Compiled, String> {
    let caches = CalleeCaches::for_func(f);
    let native = lower_native(f, opts, caches.addr())?;
    Ok(Compiled::new(native, caches))
}

/// The caches of `f`'s `callee_is` guards, one per inlined target. The code
/// holds their addresses, so they are made before it, on the thread that
/// runs it (they hold interpreter values).
pub struct CalleeCaches(Box<[runtime::CalleeCache]>);

/// Where a `CalleeCaches` is (what the code generator needs of it).
#[derive(Clone, Copy)]
pub struct CachesAddr(usize);

impl CalleeCaches {
    pub fn for_func(f: &Func) -> CalleeCaches {
        CalleeCaches(f.callees.iter().map(|_| Default::default()).collect())
    }
    pub fn addr(&self) -> CachesAddr {
        CachesAddr(self.0.as_ptr() as usize)
    }
}

/// A function's machine code, linked and executable, with its exit table:
/// all of `Compiled` but what belongs to the interpreter's thread. It is
/// `Send`: made on any thread (`deoptless`'s background compiler runs
/// `lower_native` on a worker) and turned into `Compiled` on the
/// interpreter's (`Compiled::new`).
pub struct NativeCode {
    module: JITModule,
    entry: usize,
    exits: Vec<ExitInfo>,
    nslots: usize,
    nfree: usize,
    params: Vec<(u32, Type)>,
    code_size: usize,
    disasm: Option<String>,
}

impl Compiled {
    /// The compiled function of `native`, whose guards use `caches` (the
    /// ones `lower_native` was given).
    pub fn new(native: NativeCode, caches: CalleeCaches) -> Compiled {
        LIVE_CODE.with(|c| {
            let mut m = c.get();
            m.live += 1;
            m.live_bytes += native.code_size as u64;
            m.compiled += 1;
            c.set(m);
        });
        // SAFETY: the function was declared with exactly this signature.
        let entry: extern "C" fn(*mut runtime::NativeFrame) -> u32 =
            unsafe { std::mem::transmute(native.entry as *const u8) };
        Compiled {
            module: std::mem::ManuallyDrop::new(native.module),
            entry,
            exits: Rc::new(native.exits),
            nslots: native.nslots,
            nfree: native.nfree,
            params: native.params,
            code_size: native.code_size,
            disasm: native.disasm,
            direct_calls: Default::default(),
            frames_built: Default::default(),
            _callee_caches: caches.0,
            caches: Default::default(),
        }
    }
}

/// Lower `f` to machine code in a module of its own; the `callee_is`
/// guards use the caches at `caches`. Reads nothing but `f`: it may run on
/// any thread.
pub fn lower_native(
    f: &Func,
    opts: LowerOptions,
    caches: CachesAddr,
) -> Result<NativeCode, String> {
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
        declare(
            &mut module,
            "rt_callee_is",
            &[ptr, I32, I64, I8, ptr],
            Some(I8),
        )?,
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
    let swap_id = declare(&mut module, "rt_swap", &[ptr, I32, I32], None)?;
    let generic_args = [ptr, I32, ptr, I32, I32];
    let free_load_id = declare(&mut module, "rt_free_load", &generic_args, Some(I32))?;
    let free_store_id = declare(&mut module, "rt_free_store", &generic_args, Some(I32))?;
    let free_slot_id = declare(&mut module, "rt_free_slot", &[ptr, I32], Some(ptr))?;
    let call_id = declare(&mut module, "rt_call", &generic_args, Some(I32))?;
    let field_args = [ptr, I32, I32, I32, I32];
    let probe_id = declare(&mut module, "rt_field_probe", &field_args, Some(ptr))?;
    let word_id = declare(&mut module, "rt_field_word", &field_args, Some(I64))?;
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
        swap: module.declare_func_in_func(swap_id, &mut ctx.func),
        field_probe: module.declare_func_in_func(probe_id, &mut ctx.func),
        field_word: module.declare_func_in_func(word_id, &mut ctx.func),
        konst: refs[9],
        generic: refs[10],
        free_load: module.declare_func_in_func(free_load_id, &mut ctx.func),
        free_store: module.declare_func_in_func(free_store_id, &mut ctx.func),
        free_slot: module.declare_func_in_func(free_slot_id, &mut ctx.func),
        call_closure: module.declare_func_in_func(call_id, &mut ctx.func),
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
    let live = crate::passes::liveness::Liveness::of(f);
    let (slots, nslots) = crate::passes::liveness::any_slots(&live);
    let mut fbc = FunctionBuilderContext::new();
    let mut exits = Vec::new();
    let moves = crate::passes::liveness::analyze(&live);
    let across = crate::passes::liveness::live_after(&live, |d| calls_runtime(&d.kind))
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
    let nfree;
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fbc);
        let mut l = Lowerer {
            f,
            callee_caches: caches.0 as *const runtime::CalleeCache,
            b: &mut b,
            rt: &rt,
            vars: HashMap::new(),
            blocks: Vec::new(),
            ctxv: None,
            chaosv: None,
            unboxed: HashMap::new(),
            fields: HashMap::new(),
            probed: HashMap::new(),
            param_views: HashMap::new(),
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
            nfree: 0,
        };
        l.run()?;
        nfree = l.nfree;
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
    let entry = module.get_finalized_function(fid) as usize;
    Ok(NativeCode {
        module,
        entry,
        exits,
        nslots,
        nfree,
        params: f.blocks[0]
            .params
            .iter()
            .map(|&v| (slots[v.0 as usize], f.ty(v)))
            .collect(),
        code_size,
        disasm,
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
    /// `Compiled::_callee_caches` (a stable heap address).
    callee_caches: *const runtime::CalleeCache,
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
    /// Field addresses that passing `field.test`s of this block found
    /// (record, symbol, cache, type), for the `field.load`s after them.
    fields: HashMap<(Val, u32, u32, Type), CValue>,
    /// Views with the semantics of `rt_vec_probe` (null unless an
    /// attribute-free vector of the type), by value and vector type: what a
    /// `test is.vec<…>` of the value reads without asking the runtime. From
    /// an earlier test of it, or a `vecset` of a probed vector (an in-place
    /// store keeps the view); a block parameter's view is read from its
    /// `param_views` (`probed_view`).
    probed: HashMap<(Val, Type), (CValue, CValue)>,
    /// Block parameters their block tests as vectors (`test is.vec<…> p`):
    /// their probe view is carried into the block by two variables, which
    /// every incoming edge defines (`edge`): from the argument's known view
    /// (a loop's back edge after an in-place store: no call), else by a
    /// probe on the edge (a loop's entry: once, outside the loop). A vector
    /// filled in a loop is then probed once, not once per iteration.
    param_views: HashMap<(Val, Type), (Variable, Variable)>,
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
    /// Free-variable sites lowered so far (`lower::free`).
    nfree: usize,
}

/// Does lowering `kind` call the runtime on the instruction's normal path?
pub fn calls_runtime(kind: &InstKind) -> bool {
    match kind {
        InstKind::ConstAny(_)
        | InstKind::ConstBuiltin(_)
        | InstKind::Test(..)
        | InstKind::Runtime(..) => true,
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

/// The vector types a probe view can have (`test is.vec<…>`).
const VEC_TYPES: [Type; 4] = [Type::VecInt, Type::VecDbl, Type::VecLgl, Type::VecCplx];

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

    /// The arguments of `rt_field_probe`/`rt_field_word` for field `sym`
    /// (cache `ci`) of type `ty` of record `x`.
    fn field_args(&mut self, x: Val, sym: u32, ci: u32, ty: Type) -> [CValue; 5] {
        let code = match ty {
            Type::Int => runtime::FIELD_INT,
            Type::Dbl => runtime::FIELD_DBL,
            _ => runtime::FIELD_LGL,
        };
        [
            self.c(),
            self.slot(x),
            self.iconst(types::I32, sym as i64),
            self.iconst(types::I32, ci as i64),
            self.iconst(types::I32, code as i64),
        ]
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
        self.any_slot_at(self.slots[v.0 as usize])
    }

    /// `any_slot` of slot number `slot`.
    fn any_slot_at(&mut self, slot: u32) -> (CValue, CValue) {
        let slot = slot as i64;
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
        let is_tag = self.tag_is(tag, want);
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
        self.runtime_test_to(t, a, join);
        self.b.switch_to_block(join);
        (ok, word)
    }

    /// `tag == want` (a `Value` tag byte, as `any_slot` loads it).
    fn tag_is(&mut self, tag: CValue, want: u8) -> CValue {
        self.b.ins().icmp_imm_s(IntCC::Equal, tag, want as i64)
    }

    /// The slow path of an inline scalar test: `rt_test`, then jump to
    /// `join` with its result and the word it left in `NativeFrame::word`.
    fn runtime_test_to(&mut self, t: TypeTest, a: Val, join: cranelift_codegen::ir::Block) {
        let r = self.runtime_test(t, a);
        let w = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, word));
        self.b.ins().jump(join, &[r.into(), w.into()]);
    }

    /// `test is.num a`: like `scalar_test`, the word a double's bits; an
    /// integer scalar in the slot (not NA) is converted in place.
    fn num_test(&mut self, a: Val) -> (CValue, CValue) {
        let (addr, tag) = self.any_slot(a);
        let (dbl, not_dbl, int, slow, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.set_cold_block(slow);
        let ok = self.b.append_block_param(join, types::I8);
        let word = self.b.append_block_param(join, types::I64);
        let is_dbl = self.tag_is(tag, Value::TAG_DBL);
        self.b.ins().brif(is_dbl, dbl, &[], not_dbl, &[]);
        self.b.switch_to_block(dbl);
        let w = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), addr, Value::F64_AT);
        let yes = self.iconst(types::I8, 1);
        self.b.ins().jump(join, &[yes.into(), w.into()]);
        self.b.switch_to_block(not_dbl);
        let is_int = self.tag_is(tag, Value::TAG_INT);
        self.b.ins().brif(is_int, int, &[], slow, &[]);
        self.b.switch_to_block(int);
        let x = self
            .b
            .ins()
            .load(types::I32, MemFlagsData::trusted(), addr, Value::I32_AT);
        let r = self
            .b
            .ins()
            .icmp_imm_s(IntCC::NotEqual, x, NA_INTEGER as i64);
        let d = self.b.ins().fcvt_from_sint(types::F64, x);
        let w = self.b.ins().bitcast(types::I64, MemFlagsData::new(), d);
        self.b.ins().jump(join, &[r.into(), w.into()]);
        self.b.switch_to_block(slow);
        self.runtime_test_to(TypeTest::IsNum, a, join);
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

    /// Move the `any` in slot `ss` into slot `ds` (an edge argument's last
    /// use). When `ds` holds no reference (its old value needs no drop),
    /// the 16 bytes and the unbound flag are copied in place and the
    /// source's tag set to `Null`; otherwise `rt_move`.
    fn move_slot(&mut self, ds: u32, ss: u32) {
        self.write_plain_slot_at(
            ds,
            |l, dst| {
                let (src, _) = l.any_slot_at(ss);
                l.move_value((src, ss), (dst, ds));
            },
            |l| l.slot_pair_call(l.rt.move_, ds, ss),
        );
    }

    /// `f(ctx, d, s)` for a runtime function on two slots (`rt_copy`,
    /// `rt_move`, `rt_swap`).
    fn slot_pair_call(&mut self, f: FuncRef, d: u32, s: u32) {
        let c = self.c();
        let dv = self.iconst(types::I32, d as i64);
        let sv = self.iconst(types::I32, s as i64);
        self.call(f, &[c, dv, sv]);
    }

    /// Move the `Value` at `src` (slot `ss`) to `dst` (slot `ds`, which
    /// holds nothing to release): its 16 bytes and unbound flag, the source
    /// left `Null`.
    fn move_value(&mut self, (src, ss): (CValue, u32), (dst, ds): (CValue, u32)) {
        let flags = MemFlagsData::trusted();
        let lo = self.b.ins().load(types::I64, flags, src, 0);
        let hi = self.b.ins().load(types::I64, flags, src, 8);
        self.b.ins().store(flags, lo, dst, 0);
        self.b.ins().store(flags, hi, dst, 8);
        let null = self.iconst(types::I8, Value::TAG_NULL as i64);
        self.b.ins().store(flags, null, src, 0);
        let unbound = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, unbound_ptr));
        let u = self.b.ins().load(types::I8, flags, unbound, ss as i32);
        self.b.ins().store(flags, u, unbound, ds as i32);
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
        self.write_plain_slot_at(self.slots[r.0 as usize], fast, slow)
    }

    /// `write_plain_slot` of slot number `slot`.
    fn write_plain_slot_at(
        &mut self,
        slot: u32,
        fast: impl FnOnce(&mut Self, CValue),
        slow: impl FnOnce(&mut Self),
    ) {
        let (addr, old) = self.any_slot_at(slot);
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

    /// The inline fast path of `r = vecset x, i, e` (`x` consumed, its view
    /// `p`, `n` known): when the slot holds a vector that no other value
    /// shares (the `Rc`'s strong and weak counts are 1) and `i` is within
    /// it, the element is written in place and the vector moved into `r`'s
    /// slot (`Value::PTR_AT`). This is the runtime's own in-place store
    /// (`set_in_place`), without the call: the loop `out[i] <- ...` over a
    /// vector (or `m[i, j] <- ...` over a matrix) the loop carries.
    ///
    /// Attributes need no test: a view is non-empty only for a vector
    /// whose attributes are none or a matrix's (`runtime::vec_view`), the
    /// same condition as `set_in_place`'s, and `x` cannot have changed
    /// since its view was taken (only an instruction consuming `x` may
    /// modify it in place, and this one is that consumer).
    ///
    /// Returns the join block (parameters: the result's pointer and
    /// length); the current block is left as the slow path, cold, for the
    /// runtime call.
    fn vec_set_in_place(
        &mut self,
        x: Val,
        r: Val,
        idx: Val,
        e: Val,
        (p, n): (CValue, CValue),
        probed: Option<(CValue, CValue)>,
    ) -> cranelift_codegen::ir::Block {
        let flags = MemFlagsData::trusted();
        let (check, fast, slow, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.set_cold_block(slow);
        self.b.append_block_param(join, self.ptr);
        self.b.append_block_param(join, types::I64);
        if probed.is_some() {
            self.b.append_block_param(join, self.ptr);
            self.b.append_block_param(join, types::I64);
        }
        let (src, tag) = self.any_slot(x);
        let is_vec = self.tag_is(tag, Value::TAG_VEC);
        self.b.ins().brif(is_vec, check, &[], slow, &[]);
        self.b.switch_to_block(check);
        let rc = self.b.ins().load(self.ptr, flags, src, Value::PTR_AT);
        let strong = self
            .b
            .ins()
            .load(types::I64, flags, rc, Value::RC_STRONG_AT);
        let weak = self.b.ins().load(types::I64, flags, rc, Value::RC_WEAK_AT);
        let s1 = self.b.ins().icmp_imm_s(IntCC::Equal, strong, 1);
        let w1 = self.b.ins().icmp_imm_s(IntCC::Equal, weak, 1);
        let iv = self.get(idx);
        let i64v = self.b.ins().sextend(types::I64, iv);
        let k = self.b.ins().iadd_imm_s(i64v, -1);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, k, n);
        let ok = self.b.ins().band(s1, w1);
        let mut ok = self.b.ins().band(ok, inb);
        let (ss, ds) = (self.slots[x.0 as usize], self.slots[r.0 as usize]);
        let dst = if ss != ds {
            // The result's slot must hold nothing to release.
            let (dst, old) = self.any_slot(r);
            let plain =
                self.b
                    .ins()
                    .icmp_imm_u(IntCC::UnsignedLessThanOrEqual, old, Value::TAG_DBL as i64);
            ok = self.b.ins().band(ok, plain);
            Some(dst)
        } else {
            None
        };
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let scale = if self.f.ty(e) == Type::Dbl { 3 } else { 2 };
        let ev = self.get(e);
        let off = self.b.ins().ishl_imm_u(k, scale);
        let addr = self.b.ins().iadd(p, off);
        self.b.ins().store(flags, ev, addr, 0);
        if let Some(dst) = dst {
            self.move_value((src, ss), (dst, ds));
        }
        let mut jargs = vec![p.into(), n.into()];
        if let Some((pp, pn)) = probed {
            jargs.push(pp.into());
            jargs.push(pn.into());
        }
        self.b.ins().jump(join, &jargs);
        self.b.switch_to_block(slow);
        join
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
        // A block with one predecessor, which it is dominated by, starts with
        // the unboxed forms its predecessor ended with: `test is.vec<…> x;
        // branch` then `unbox x` in the taken block (an element store's fast
        // path) uses the test's view instead of asking the runtime again.
        let nblocks = self.f.blocks.len();
        let preds = crate::passes::cfg::Cfg::new(self.f).preds;
        // (Both edges of a branch may go to one block.)
        let only_pred = |bi: usize| {
            let (p, rest) = preds[bi].split_first()?;
            rest.iter().all(|q| q == p).then_some(p.0 as usize)
        };
        // Parameters tested as vectors in their block or in a block that
        // inherits its views (one predecessor, back to it). Not the first
        // block's: the entry jumps to it without an edge.
        for (bi, b) in self.f.blocks.iter().enumerate() {
            for &i in &b.insts {
                let InstKind::Test(t, a) = self.f.inst(i).kind else {
                    continue;
                };
                if !t.is_vec_test() {
                    continue;
                }
                let mut home = Some(bi);
                let mut steps = 0;
                while let Some(h) = home {
                    if self.f.blocks[h].params.contains(&a) || steps > nblocks {
                        break;
                    }
                    home = only_pred(h);
                    steps += 1;
                }
                if home.is_some_and(|h| h != 0 && self.f.blocks[h].params.contains(&a)) {
                    self.carry_view((a, t.refined()));
                }
            }
        }
        // A parameter passed to one that carries a view carries it too (a
        // loop's back edge often comes from a join of the store's fast and
        // slow paths): its edges then pass the view on instead of probing.
        let param_of: HashMap<Val, usize> = self
            .f
            .blocks
            .iter()
            .enumerate()
            .skip(1)
            .flat_map(|(bi, b)| b.params.iter().map(move |&p| (p, bi)))
            .collect();
        loop {
            let mut new = Vec::new();
            for b in &self.f.blocks {
                let Some(&last) = b.insts.last() else {
                    continue;
                };
                for (t, args) in self.f.inst(last).kind.edges() {
                    for (&p, &a) in self.f.blocks[t.0 as usize].params.iter().zip(args) {
                        for ty in VEC_TYPES {
                            if self.param_views.contains_key(&(p, ty))
                                && param_of.contains_key(&a)
                                && !self.param_views.contains_key(&(a, ty))
                            {
                                new.push((a, ty));
                            }
                        }
                    }
                }
            }
            if new.is_empty() {
                break;
            }
            for key in new {
                self.carry_view(key);
            }
        }
        #[allow(clippy::type_complexity)]
        let mut ends: Vec<
            Option<(
                HashMap<(Val, Type), (CValue, Option<CValue>)>,
                HashMap<(Val, Type), (CValue, CValue)>,
            )>,
        > = vec![None; nblocks];
        for bi in 0..nblocks {
            let bb = self.blocks[bi];
            self.b.switch_to_block(bb);
            // A value left in its home at the end of a block keeps its
            // register definition on other paths (correct, just not split).
            self.pending.clear();
            self.unboxed.clear();
            self.probed.clear();
            self.fields.clear();
            if let Some((end, probed)) = only_pred(bi).and_then(|p| ends[p].as_ref()) {
                self.unboxed.clone_from(end);
                self.probed.clone_from(probed);
            }
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
            ends[bi] = Some((
                std::mem::take(&mut self.unboxed),
                std::mem::take(&mut self.probed),
            ));
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
        // Probe views the target block carries for its parameters: the
        // argument's when known (read before the copies), else probed after
        // them, in the parameter's slot.
        let mut views = Vec::new();
        for (&p, &a) in params.iter().zip(args) {
            for t in VEC_TYPES {
                if let Some(&vars) = self.param_views.get(&(p, t)) {
                    let known = self.probed_view(a, t);
                    views.push((p, t, vars, known));
                }
            }
        }
        // `any` arguments: a parallel copy of slots. A copy goes first when
        // no other pending copy still reads its destination; what is left
        // is cycles (parameters that receive each other, as a loop that
        // swaps two variables), broken by exchanging two slots.
        let mut copies: Vec<(u32, u32, bool)> = Vec::new();
        for (k, ((&p, &a), r)) in params.iter().zip(args).zip(reads).enumerate() {
            match r {
                None => {
                    // (A parameter may share its argument's slot: nothing to copy.)
                    let (ds, ss) = (self.slots[p.0 as usize], self.slots[a.0 as usize]);
                    if ds != ss {
                        copies.push((ds, ss, moved.get(k).copied().unwrap_or(false)));
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
        while !copies.is_empty() {
            let free = copies
                .iter()
                .position(|&(d, _, _)| !copies.iter().any(|&(_, s, _)| s == d));
            if let Some(k) = free {
                let (d, s, m) = copies.remove(k);
                // (Moved only by the last copy that reads it.)
                if m && !copies.iter().any(|&(_, s2, _)| s2 == s) {
                    self.move_slot(d, s);
                } else {
                    self.slot_pair_call(self.rt.copy, d, s);
                }
            } else {
                let (d, s, _) = copies.remove(0);
                self.slot_pair_call(self.rt.swap, d, s);
                // `d` now holds what `s` held, and `s` what `d` held.
                for cp in copies.iter_mut() {
                    if cp.1 == d {
                        cp.1 = s;
                    } else if cp.1 == s {
                        cp.1 = d;
                    }
                }
            }
        }
        for (p, t, (vp, vn), known) in views {
            let (ptr, len) = match known {
                Some(view) => view,
                None => self.probe(p, t),
            };
            self.b.def_var(vp, ptr);
            self.b.def_var(vn, len);
        }
        Ok(())
    }

    /// Give block parameter `key.0` variables that carry its probe view as
    /// a vector of type `key.1` (`param_views`).
    fn carry_view(&mut self, key: (Val, Type)) {
        if !self.param_views.contains_key(&key) {
            let vp = self.b.declare_var(self.ptr);
            let vn = self.b.declare_var(types::I64);
            self.param_views.insert(key, (vp, vn));
        }
    }

    /// The probe view of `v` as a vector of type `t`, when known without a
    /// call: from `probed`, or the variables a block parameter carries its
    /// view in (`param_views`: valid wherever the parameter is, since its
    /// block dominates every use of it and every edge into the block
    /// defines them).
    fn probed_view(&mut self, v: Val, t: Type) -> Option<(CValue, CValue)> {
        if let Some(&view) = self.probed.get(&(v, t)) {
            return Some(view);
        }
        let &(vp, vn) = self.param_views.get(&(v, t))?;
        let view = (self.b.use_var(vp), self.b.use_var(vn));
        self.probed.insert((v, t), view);
        Some(view)
    }

    /// `rt_vec_probe` of `v`'s slot as a vector of type `t`: the view
    /// (pointer, null unless an attribute-free vector of `t`, and length).
    fn probe(&mut self, v: Val, t: Type) -> (CValue, CValue) {
        let c = self.c();
        let s = self.slot(v);
        let ev = self.iconst(types::I32, elem_code(t));
        let p = self.call(self.rt.vec_probe, &[c, s, ev]).unwrap();
        let n = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, vec_len));
        (p, n)
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
}

// `NativeCode` crosses threads: this fails to compile if it stops being `Send`.
const _: fn() = || {
    fn send<T: Send>() {}
    send::<NativeCode>();
};
