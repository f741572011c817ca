//! The optimizing compiler's IR: typed SSA values in basic blocks with block
//! parameters (Cranelift style), plus the speculation instructions of Ř's PIR:
//! `Checkpoint` (carrying a `FrameState`: the bytecode pc, operand stack and
//! locals the interpreter would have there) and `Assume(cond, checkpoint, reason)`.
//!
//! Invariants (checked by `verify`): every use is dominated by its definition;
//! each block ends with exactly one terminator; every `Assume` names a
//! `Checkpoint`; no instruction with an observable effect lies between a
//! checkpoint and an assume that refers to it (so an exit may re-execute from the
//! checkpoint's pc: sourir's rule).

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Val(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Inst(pub u32);

/// Static types of IR values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Unboxed R integer scalar, never NA (NA-ness is speculated away).
    Int,
    /// Unboxed R double scalar (NA and NaN included: hardware propagates them).
    Dbl,
    /// Unboxed R logical scalar: 0, 1 or NA (`i32::MIN`).
    Lgl,
    /// Unboxed R complex scalar (two doubles; NA when either part is NaN,
    /// as the interpreter's `is_na_complex`).
    Cplx,
    /// A native condition (never NA).
    Bool,
    /// Any boxed R value (a `vm::value::Value` owned by the runtime).
    Any,
    /// A boxed vector without attributes whose elements are integers / doubles / logicals.
    VecInt,
    VecDbl,
    VecLgl,
    VecCplx,
    /// The result of a `Checkpoint`.
    Checkpoint,
    /// No value.
    Void,
}

impl Type {
    pub fn name(self) -> &'static str {
        match self {
            Type::Int => "int",
            Type::Dbl => "dbl",
            Type::Lgl => "lgl",
            Type::Cplx => "cplx",
            Type::Bool => "bool",
            Type::Any => "any",
            Type::VecInt => "vec<int>",
            Type::VecDbl => "vec<dbl>",
            Type::VecLgl => "vec<lgl>",
            Type::VecCplx => "vec<cplx>",
            Type::Checkpoint => "cp",
            Type::Void => "void",
        }
    }
    pub fn from_name(s: &str) -> Option<Type> {
        Some(match s {
            "int" => Type::Int,
            "dbl" => Type::Dbl,
            "lgl" => Type::Lgl,
            "cplx" => Type::Cplx,
            "bool" => Type::Bool,
            "any" => Type::Any,
            "vec<int>" => Type::VecInt,
            "vec<dbl>" => Type::VecDbl,
            "vec<lgl>" => Type::VecLgl,
            "vec<cplx>" => Type::VecCplx,
            "cp" => Type::Checkpoint,
            "void" => Type::Void,
            _ => return None,
        })
    }
    /// Unboxed scalar types (live in machine registers).
    pub fn is_unboxed(self) -> bool {
        matches!(
            self,
            Type::Int | Type::Dbl | Type::Lgl | Type::Bool | Type::Cplx
        )
    }
    /// Typed vectors (a data pointer and a length in native code).
    pub fn is_vec(self) -> bool {
        matches!(
            self,
            Type::VecInt | Type::VecDbl | Type::VecLgl | Type::VecCplx
        )
    }
}

/// Why an assumption exists (and what an exit reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// A value's type (scalar / element type / no attributes / not NA) as profiled.
    TypeCheck,
    /// A branch direction never taken in the profile.
    DeadBranch,
    /// A call site always called the same function.
    CallTarget,
    /// Integer arithmetic does not overflow.
    Overflow,
    /// Not an assumption: a deoptless continuation ends where it reaches a
    /// loop header, and execution goes on in that loop's OSR-in code (the
    /// condition is a constant `false`; chaos mode does not draw for it).
    Transfer,
    /// After a call during which something observed the activation's frame
    /// (`parent.frame()` in a callee): the published frame state was written
    /// into the frame (`CallState`), so the frame, not the registers, holds
    /// the locals now; the interpreter goes on from it.
    FrameObserved,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::TypeCheck => "typecheck",
            Reason::DeadBranch => "deadbranch",
            Reason::CallTarget => "calltarget",
            Reason::Overflow => "overflow",
            Reason::Transfer => "transfer",
            Reason::FrameObserved => "frameobserved",
        }
    }
    pub fn from_name(s: &str) -> Option<Reason> {
        Some(match s {
            "typecheck" => Reason::TypeCheck,
            "deadbranch" => Reason::DeadBranch,
            "calltarget" => Reason::CallTarget,
            "overflow" => Reason::Overflow,
            "transfer" => Reason::Transfer,
            "frameobserved" => Reason::FrameObserved,
            _ => return None,
        })
    }
}

/// A type test on a boxed value (`Any`): the predicates speculation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeTest {
    /// Attribute-free integer scalar, not NA.
    IsInt,
    /// Attribute-free double scalar.
    IsDbl,
    /// Attribute-free logical scalar.
    IsLgl,
    /// Attribute-free complex scalar (NA allowed).
    IsCplx,
    /// Attribute-free vector with integer / double / logical elements (any length).
    IsVecInt,
    IsVecDbl,
    IsVecLgl,
    IsVecCplx,
    /// A double matrix: a double vector whose only attribute is a 2-element `dim`
    /// (unboxed as its element vector; `nrow` gives the row count).
    IsMatDbl,
    /// An integer / logical matrix (as `is.mat<dbl>`, unboxed as its
    /// element vector).
    IsMatInt,
    IsMatLgl,
    /// Not the unbound-local marker (`const.any #UNBOUND`): a local that is
    /// unbound on some path into a block is read only after this test (the
    /// interpreter looks an unbound local up by name).
    IsBound,
    /// `NULL` (an `is.null` that is not known from types).
    IsNull,
    /// An attribute-free double scalar, or an integer scalar that is not NA,
    /// unboxed as a double (the integer converted). Only for an operand that
    /// R coerces to double anyway (`n / 2`, `n == 1`, `3 * n` with `n` an
    /// integer on a loop's first iteration and a double after it): the value
    /// keeps its R type, only the operation sees a double.
    IsNum,
    /// A value whose `$` runs no S3 method: it has no class attribute, or
    /// no `$` method can exist yet (`vm::symbols::dollar_methods_possible`).
    /// A field read of it is free of effects (`Builder::runtime_pure`).
    NoClass,
    /// Not an environment (whose `$<-` could write the variables of the
    /// frame it is, which top-level code keeps in registers).
    NotEnv,
    /// A value on which an operator, subsetting or `length` runs no user's
    /// S3 method (R code, which could read and assign the globals top-level
    /// code keeps in registers): it has no class attribute, or no such
    /// method can exist yet (`vm::symbols::ops_methods_possible`).
    NoMethods,
    /// A closure or a builtin: a binding that a function lookup
    /// (`LoadFun`) stops at. (A local holding anything else is skipped by
    /// R's lookup, which goes on to the enclosing environments.)
    IsFun,
}

impl TypeTest {
    pub fn name(self) -> &'static str {
        match self {
            TypeTest::IsInt => "is.int",
            TypeTest::IsDbl => "is.dbl",
            TypeTest::IsLgl => "is.lgl",
            TypeTest::IsCplx => "is.cplx",
            TypeTest::IsVecInt => "is.vec<int>",
            TypeTest::IsVecDbl => "is.vec<dbl>",
            TypeTest::IsVecLgl => "is.vec<lgl>",
            TypeTest::IsVecCplx => "is.vec<cplx>",
            TypeTest::IsMatDbl => "is.mat<dbl>",
            TypeTest::IsMatInt => "is.mat<int>",
            TypeTest::IsMatLgl => "is.mat<lgl>",
            TypeTest::IsBound => "is.bound",
            TypeTest::IsNull => "is.null",
            TypeTest::IsNum => "is.num",
            TypeTest::NoClass => "no.class",
            TypeTest::NotEnv => "not.env",
            TypeTest::IsFun => "is.fun",
            TypeTest::NoMethods => "no.methods",
        }
    }
    /// A test that the runtime's vector probe answers (an attribute-free
    /// vector of the type: `rt_vec_probe`).
    pub fn is_vec_test(self) -> bool {
        matches!(
            self,
            TypeTest::IsVecInt | TypeTest::IsVecDbl | TypeTest::IsVecLgl | TypeTest::IsVecCplx
        )
    }
    /// The type a value has once the test succeeded.
    pub fn refined(self) -> Type {
        match self {
            TypeTest::IsInt => Type::Int,
            TypeTest::IsDbl | TypeTest::IsNum => Type::Dbl,
            TypeTest::IsLgl => Type::Lgl,
            TypeTest::IsCplx => Type::Cplx,
            TypeTest::IsVecInt | TypeTest::IsMatInt => Type::VecInt,
            TypeTest::IsVecDbl | TypeTest::IsMatDbl => Type::VecDbl,
            TypeTest::IsVecLgl | TypeTest::IsMatLgl => Type::VecLgl,
            TypeTest::IsVecCplx => Type::VecCplx,
            TypeTest::IsBound
            | TypeTest::IsNull
            | TypeTest::NoClass
            | TypeTest::NotEnv
            | TypeTest::NoMethods
            | TypeTest::IsFun => Type::Any,
        }
    }
    /// Does every boxed value of unboxed type `t` pass the test? (An `int`
    /// is never NA.)
    pub fn holds_for(self, t: Type) -> bool {
        match self {
            // Unboxed values have no attributes (a matrix's only `dim`).
            TypeTest::NoClass | TypeTest::NotEnv | TypeTest::NoMethods => t != Type::Any,
            TypeTest::IsNum => t == Type::Int || t == Type::Dbl,
            TypeTest::IsFun => false,
            _ => self.refined() == t,
        }
    }
    pub fn all() -> [TypeTest; 18] {
        [
            TypeTest::IsInt,
            TypeTest::IsDbl,
            TypeTest::IsLgl,
            TypeTest::IsVecInt,
            TypeTest::IsVecDbl,
            TypeTest::IsVecLgl,
            TypeTest::IsMatDbl,
            TypeTest::IsBound,
            TypeTest::IsNull,
            TypeTest::IsCplx,
            TypeTest::IsVecCplx,
            TypeTest::IsNum,
            TypeTest::NoClass,
            TypeTest::IsMatInt,
            TypeTest::IsMatLgl,
            TypeTest::NotEnv,
            TypeTest::NoMethods,
            TypeTest::IsFun,
        ]
    }
}

/// Typed scalar operations on unboxed values. Suffix I = Int operands,
/// D = Dbl operands. Comparisons of Int give Bool; of Dbl give Lgl (NaN → NA).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    AddI,
    SubI,
    MulI,
    /// R's `%%` and `%/%` on integers (the divisor is speculated non-zero by the builder).
    ModI,
    IDivI,
    /// True iff AddI/SubI/MulI of the operands would overflow or give NA (i32::MIN).
    AddOvfI,
    SubOvfI,
    MulOvfI,
    AddD,
    SubD,
    MulD,
    DivD,
    PowD,
    ModD,
    IDivD,
    LtI,
    LeI,
    GtI,
    GeI,
    EqI,
    NeI,
    LtD,
    LeD,
    GtD,
    GeD,
    EqD,
    NeD,
    /// Bool and/or.
    AndB,
    OrB,
    /// `min`/`max` of two ints (not NA) or two doubles (not NaN: the
    /// builder leaves NA and NaN to the interpreter).
    MinI,
    MaxI,
    MinD,
    MaxD,
    /// `bitwAnd`/`bitwOr`/`bitwXor` of two ints (not NA), and the logical
    /// shifts `bitwShiftL`/`bitwShiftR` by 0..=31 (assumed by the builder):
    /// on the 32 bits as R's C code computes them. The NA bit pattern as a
    /// result is left for the builder to check.
    BitAndI,
    BitOrI,
    BitXorI,
    ShlI,
    ShrI,
    /// Complex `+ - * /` exactly as the interpreter and R (`*` and `/` are
    /// C99 `double complex` arithmetic, with Annex G's recovery of infinities).
    AddC,
    SubC,
    MulC,
    DivC,
}

impl BinOp {
    pub fn name(self) -> &'static str {
        use BinOp::*;
        match self {
            AddI => "add.i",
            SubI => "sub.i",
            MulI => "mul.i",
            ModI => "mod.i",
            IDivI => "idiv.i",
            AddOvfI => "addovf.i",
            SubOvfI => "subovf.i",
            MulOvfI => "mulovf.i",
            AddD => "add.d",
            SubD => "sub.d",
            MulD => "mul.d",
            DivD => "div.d",
            PowD => "pow.d",
            ModD => "mod.d",
            IDivD => "idiv.d",
            LtI => "lt.i",
            LeI => "le.i",
            GtI => "gt.i",
            GeI => "ge.i",
            EqI => "eq.i",
            NeI => "ne.i",
            LtD => "lt.d",
            LeD => "le.d",
            GtD => "gt.d",
            GeD => "ge.d",
            EqD => "eq.d",
            NeD => "ne.d",
            AndB => "and.b",
            OrB => "or.b",
            MinI => "min.i",
            MaxI => "max.i",
            MinD => "min.d",
            MaxD => "max.d",
            BitAndI => "bitand.i",
            BitOrI => "bitor.i",
            BitXorI => "bitxor.i",
            ShlI => "shl.i",
            ShrI => "shr.i",
            AddC => "add.c",
            SubC => "sub.c",
            MulC => "mul.c",
            DivC => "div.c",
        }
    }
    pub fn all() -> &'static [BinOp] {
        use BinOp::*;
        &[
            AddI, SubI, MulI, ModI, IDivI, AddOvfI, SubOvfI, MulOvfI, AddD, SubD, MulD, DivD, PowD,
            ModD, IDivD, LtI, LeI, GtI, GeI, EqI, NeI, LtD, LeD, GtD, GeD, EqD, NeD, AndB, OrB,
            MinI, MaxI, MinD, MaxD, AddC, SubC, MulC, DivC, BitAndI, BitOrI, BitXorI, ShlI, ShrI,
        ]
    }
    pub fn from_name(s: &str) -> Option<BinOp> {
        BinOp::all().iter().copied().find(|o| o.name() == s)
    }
    /// (operand type, result type).
    pub fn types(self) -> (Type, Type) {
        use BinOp::*;
        match self {
            AddI | SubI | MulI | ModI | IDivI | MinI | MaxI => (Type::Int, Type::Int),
            BitAndI | BitOrI | BitXorI | ShlI | ShrI => (Type::Int, Type::Int),
            AddOvfI | SubOvfI | MulOvfI => (Type::Int, Type::Bool),
            AddD | SubD | MulD | DivD | PowD | ModD | IDivD | MinD | MaxD => (Type::Dbl, Type::Dbl),
            LtI | LeI | GtI | GeI | EqI | NeI => (Type::Int, Type::Bool),
            LtD | LeD | GtD | GeD | EqD | NeD => (Type::Dbl, Type::Lgl),
            AndB | OrB => (Type::Bool, Type::Bool),
            AddC | SubC | MulC | DivC => (Type::Cplx, Type::Cplx),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    NegI,
    NegD,
    NotB,
    /// Int → Dbl.
    IntToDbl,
    /// Bool → Lgl (0/1).
    BoolToLgl,
    /// Lgl → Bool: true iff the logical is TRUE (NA must have been excluded).
    LglToBool,
    /// Lgl → Bool: true iff NA.
    LglIsNa,
    /// Dbl → Bool: true iff NaN (NA or NaN).
    DblIsNan,
    /// Dbl → Lgl as R's `as.logical` (NaN → NA).
    DblToLgl,
    /// Int → Lgl (`x != 0`).
    IntToLgl,
    /// Unboxed → Any (allocates a runtime value).
    Box,
    /// Any → its unboxed/refined type; only valid after a successful type test.
    Unbox,
    /// Vector length (VecInt/VecDbl/VecLgl → Int).
    VecLen,
    /// Number of rows / columns of a matrix (any → Int; after an `is.mat<…>` test).
    NRow,
    NCol,
    /// `length(x)` of any value (`int`).
    Length,
    /// `sqrt(x)` of a double not below 0 (R warns for negatives).
    SqrtD,
    /// `abs(x)` of a double.
    AbsD,
    /// `abs(x)` of an integer (not NA).
    AbsI,
    /// `floor(x)` of a double.
    FloorD,
    /// Dbl → Int, truncating and saturating (NaN → 0): exact only after
    /// `isint.d x` holds.
    DblToInt,
    /// Dbl → Bool: true iff `x` is an integer value that an `int` represents
    /// (not NaN, not `NA_integer_`'s bit pattern, within 32 bits).
    DblIsInt,
    /// `ceiling`, `trunc`, `round` (half to even, as R's `round(x)`) of a double.
    CeilD,
    TruncD,
    RoundD,
    /// `exp`, `log`, `sin`, `cos`, `tan` of a double (the C library's, as R):
    /// where R warns (a NaN from a number) the builder exits.
    ExpD,
    LogD,
    SinD,
    CosD,
    TanD,
    /// Complex unary minus; `Conj`.
    NegC,
    ConjC,
    /// `Re`, `Im`, `Mod` of a complex: its parts, and `hypot` of them (as R).
    ReC,
    ImC,
    ModC,
    /// Dbl → Cplx as the interpreter coerces (`NA_real_` → `NA_complex_`,
    /// else imaginary part 0).
    DblToCplx,
}

impl UnOp {
    pub fn name(self) -> &'static str {
        use UnOp::*;
        match self {
            NegI => "neg.i",
            NegD => "neg.d",
            NotB => "not.b",
            IntToDbl => "int2dbl",
            BoolToLgl => "bool2lgl",
            LglToBool => "lgl2bool",
            LglIsNa => "isna.l",
            DblIsNan => "isnan.d",
            DblToLgl => "dbl2lgl",
            IntToLgl => "int2lgl",
            Box => "box",
            Unbox => "unbox",
            VecLen => "veclen",
            NRow => "nrow",
            NCol => "ncol",
            Length => "length",
            SqrtD => "sqrt.d",
            AbsD => "abs.d",
            AbsI => "abs.i",
            FloorD => "floor.d",
            DblToInt => "dbl2int",
            DblIsInt => "isint.d",
            CeilD => "ceil.d",
            TruncD => "trunc.d",
            RoundD => "round.d",
            ExpD => "exp.d",
            LogD => "log.d",
            SinD => "sin.d",
            CosD => "cos.d",
            TanD => "tan.d",
            NegC => "neg.c",
            ConjC => "conj.c",
            ReC => "re.c",
            ImC => "im.c",
            ModC => "mod.c",
            DblToCplx => "dbl2cplx",
        }
    }
    /// A double's function giving a double (`sqrt`, `floor`, `sin`, …).
    pub fn is_dbl_math(self) -> bool {
        use UnOp::*;
        matches!(
            self,
            NegD | SqrtD
                | AbsD
                | FloorD
                | CeilD
                | TruncD
                | RoundD
                | ExpD
                | LogD
                | SinD
                | CosD
                | TanD
        )
    }
    pub fn all() -> &'static [UnOp] {
        use UnOp::*;
        &[
            NegI, NegD, NotB, IntToDbl, BoolToLgl, LglToBool, LglIsNa, DblIsNan, DblToLgl,
            IntToLgl, Box, Unbox, VecLen, NRow, NCol, Length, SqrtD, AbsD, AbsI, FloorD, DblToInt,
            DblIsInt, CeilD, TruncD, RoundD, ExpD, LogD, SinD, CosD, TanD, NegC, ConjC, ReC, ImC,
            ModC, DblToCplx,
        ]
    }
    pub fn from_name(s: &str) -> Option<UnOp> {
        UnOp::all().iter().copied().find(|o| o.name() == s)
    }
}

/// Generic operations the native code delegates to the interpreter's runtime
/// (boxed operands and result, may raise R errors and warnings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RtOp {
    /// Bytecode-level arithmetic / comparison / indexing / calls, identified by the
    /// bytecode pc whose semantics they perform (so errors are attributed exactly
    /// as in the interpreter).
    AtPc(u32),
    /// A read of a variable (`LoadName` at the pc) that is not one of the
    /// function's locals: a closure's free variable, found in its enclosing
    /// function frame through the site's cache (`rt_free_load`) without the
    /// generic dispatch; anything else as `AtPc`.
    FreeLoad(u32),
    /// `x <<- v` (`StoreSuper` at the pc): the binding of the enclosing
    /// function frame assigned in place through the site's cache
    /// (`rt_free_store`); anything else as `AtPc`.
    FreeStore(u32),
    /// A call (`Op::Call` at the pc; operands: the function, then the
    /// arguments): a closure called with positional or simply named
    /// arguments goes straight to its compiled code or the interpreter
    /// (`rt_call`, without the generic dispatch); anything else (a builtin,
    /// `...`) as `AtPc`.
    Call(u32),
}

impl RtOp {
    /// The bytecode pc whose semantics the call performs.
    pub fn pc(self) -> u32 {
        match self {
            RtOp::AtPc(pc) | RtOp::FreeLoad(pc) | RtOp::FreeStore(pc) | RtOp::Call(pc) => pc,
        }
    }

    /// The text IR's name of the instruction.
    pub fn mnemonic(self) -> &'static str {
        match self {
            RtOp::AtPc(_) => "runtime",
            RtOp::FreeLoad(_) => "free_load",
            RtOp::FreeStore(_) => "free_store",
            RtOp::Call(_) => "call",
        }
    }
}

/// The interpreter state at a bytecode pc, in terms of IR values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FrameState {
    /// The bytecode pc at which the interpreter resumes.
    pub pc: u32,
    /// Operand stack (bottom first).
    pub stack: Vec<Val>,
    /// Local slots; `None` = unbound.
    pub locals: Vec<Option<Val>>,
    /// Counted `for` loops active at `pc`, outermost first: (next, remaining,
    /// step). The step is a constant of the code: +1, or -1 for a downward
    /// `a:b` (the interpreter's loop state has the same three fields).
    pub loops: Vec<(Val, Val, i32)>,
}

impl FrameState {
    /// The state's values in exit-buffer order: stack, bound locals, then
    /// (next, remaining) of each loop.
    pub fn values(&self) -> Vec<Val> {
        let mut v = self.stack.clone();
        v.extend(self.locals.iter().flatten());
        for (a, b, _) in &self.loops {
            v.push(*a);
            v.push(*b);
        }
        v
    }
}

/// The one list of an instruction's operands, for `InstKind::uses` (by
/// reference) and `InstKind::map_uses` (by mutable reference): the patterns
/// bind as the scrutinee is borrowed, and `$iter` is `iter` or `iter_mut`.
macro_rules! operands {
    ($kind:expr, $each:ident, $iter:ident) => {
        match $kind {
            InstKind::ConstInt(_)
            | InstKind::ConstDbl(_)
            | InstKind::ConstLgl(_)
            | InstKind::ConstBool(_)
            | InstKind::ConstAny(_)
            | InstKind::ConstBuiltin(_)
            | InstKind::CalleeIs { .. }
            | InstKind::GlobalEpochIs(_)
            | InstKind::LoadGlobal(_)
            | InstKind::GlobalCallee(_)
            | InstKind::LoadFrame(_)
            | InstKind::FrameSynced
            | InstKind::SetVisible(_) => {}
            InstKind::Unary(_, a)
            | InstKind::Test(_, a)
            | InstKind::Return(a)
            | InstKind::StoreGlobal(_, a)
            | InstKind::CallState(a)
            | InstKind::StoreFrame(_, a)
            | InstKind::FieldTest { x: a, .. }
            | InstKind::FieldLoad { x: a, .. } => $each(a),
            InstKind::Binary(_, a, b) | InstKind::VecLoad(a, b) | InstKind::InBounds(a, b) => {
                $each(a);
                $each(b);
            }
            InstKind::Runtime(_, args) | InstKind::Jump(_, args) => {
                args.$iter().for_each(&mut $each)
            }
            InstKind::VecSet(x, i, v) => {
                $each(x);
                $each(i);
                $each(v);
            }
            InstKind::Checkpoint(fs) => {
                fs.stack.$iter().for_each(&mut $each);
                fs.locals.$iter().flatten().for_each(&mut $each);
                for (a, b, _) in fs.loops.$iter() {
                    $each(a);
                    $each(b);
                }
            }
            InstKind::Assume {
                cond, checkpoint, ..
            } => {
                $each(cond);
                $each(checkpoint);
            }
            InstKind::Branch(c, _, ta, _, ea) => {
                $each(c);
                ta.$iter().for_each(&mut $each);
                ea.$iter().for_each(&mut $each);
            }
        }
    };
}

#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    ConstInt(i32),
    ConstDbl(f64),
    ConstLgl(i32),
    ConstBool(bool),
    /// Index into the function's boxed-constant pool.
    ConstAny(u32),
    /// The builtin function `b` (a `vm::builtin_names` id) as a value
    /// (`any`): what a `LoadFun` finds under a `callee_is` guard.
    ConstBuiltin(u16),
    Unary(UnOp, Val),
    Binary(BinOp, Val, Val),
    /// Bool: does the boxed value pass the test?
    Test(TypeTest, Val),
    /// Element `idx` (0-based, Int) of a typed vector; the index is in bounds.
    VecLoad(Val, Val),
    /// Is `idx` (Int, 1-based) a valid element index of the vector? (Bool)
    InBounds(Val, Val),
    /// `x[i] <- v` as a store: `x` (`any`) is an attribute-free vector of
    /// `v`'s type (`int`/`dbl`/`lgl`) and `i` (Int, 1-based) is in bounds
    /// (both assumed before). The updated vector (`any`): x itself when
    /// unshared (its operand moved at its last use), else a copy.
    VecSet(Val, Val, Val),
    /// Bool: is `x` (`any`) a record whose field `sym` is a scalar of type
    /// `ty` (`int` not NA, `dbl` or `lgl`)? A record: a list whose only
    /// attribute is its names (no class: its `$` runs no S3 method), with an
    /// element named exactly `sym`, the first such. `ci` is the `$` site's field cache
    /// (`FunctionCode::field_caches`): the position is the cache's, so the
    /// check is a pointer comparison of the names while the shape holds.
    /// The shape speculation of `x$sym` (lists as records).
    FieldTest {
        x: Val,
        sym: u32,
        ci: u32,
        ty: Type,
    },
    /// Field `sym` of record `x` unboxed (type `ty`), after a passing
    /// `FieldTest` of the same `x`, `sym`, `ci` and `ty` (`x` is an SSA
    /// value: a list no other operation changes while it is live).
    FieldLoad {
        x: Val,
        sym: u32,
        ci: u32,
        ty: Type,
    },
    /// Call the runtime's generic implementation of a bytecode instruction.
    Runtime(RtOp, Vec<Val>),
    /// Bool: does looking up the function `sym` (a `SymId`) from the frame's
    /// environment find a closure with the code `Func::callees[k]`? The guard
    /// of an inlined call (call-target speculation).
    CalleeIs {
        sym: u32,
        callee: u32,
    },
    /// Bool: is the global environment's epoch (`vm::env::GlobalMeta`) still
    /// `epoch`, i.e. has no binding defined once been written again? The
    /// guard of constants read from global bindings defined once.
    GlobalEpochIs(u64),
    /// The value of global binding `sym` (a `SymId`; `any`, NULL when
    /// unbound: a type test must follow). Reads memory `StoreGlobal` writes.
    LoadGlobal(u32),
    /// The function bound to global `sym`, a binding defined once that a
    /// `global_epoch_is` guard before every use assumes unchanged (`any`):
    /// the same value wherever it is read while the guard holds, so it is
    /// hoisted out of loops and shared like a constant (a call of a global
    /// function no longer reads the binding in every iteration; should it
    /// be rebound, the epoch moves and the guard exits before the use).
    GlobalCallee(u32),
    /// Bind global `sym` to the value (`any`): `<<-` from a function written
    /// in top-level code. An effect.
    StoreGlobal(u32, Val),
    /// The activation's own binding of local `slot` (top-level code: the
    /// global binding of its `slot`th assigned name), `any`, the unbound
    /// marker when unbound. What code that can observe the frame (a callee's
    /// closure, R code run by a call) may have written (`build/frame_sync.rs`).
    LoadFrame(u32),
    /// Write local `slot` to the activation's binding (nothing for the
    /// unbound marker, nothing when it holds this very value). An effect.
    StoreFrame(u32, Val),
    /// Set the interpreter's visibility flag (R's auto-printing of results):
    /// a plain store, idempotent, so an exit may re-execute it.
    SetVisible(bool),
    /// Publish the frame state `checkpoint` (the activation's locals as the
    /// next runtime call sees them) to observers of the frame while that
    /// call runs: a callee's `parent.frame()` writes it into the frame (see
    /// `build/frame_sync.rs`). An effect (it stays before its call).
    CallState(Val),
    /// Bool: did an observer write the published state into the frame
    /// during the call just made? Ends the publication. An effect (read
    /// exactly once, right after its call).
    FrameSynced,
    Checkpoint(FrameState),
    /// Continue iff `cond` is true; otherwise exit at the checkpoint.
    Assume {
        cond: Val,
        checkpoint: Val,
        reason: Reason,
    },
    Jump(Block, Vec<Val>),
    Branch(Val, Block, Vec<Val>, Block, Vec<Val>),
    Return(Val),
}

impl InstKind {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Jump(..) | InstKind::Branch(..) | InstKind::Return(_)
        )
    }
    /// Does the instruction define a value (all but assumes, visibility
    /// stores and terminators)?
    pub fn defines_value(&self) -> bool {
        !matches!(
            self,
            InstKind::Assume { .. }
                | InstKind::SetVisible(_)
                | InstKind::CallState(_)
                | InstKind::StoreGlobal(..)
                | InstKind::StoreFrame(..)
        ) && !self.is_terminator()
    }
    /// Instructions with an effect visible to R code (may not sit between a
    /// checkpoint and an assume using it).
    pub fn has_effect(&self) -> bool {
        matches!(
            self,
            InstKind::Runtime(..)
                | InstKind::SetVisible(_)
                | InstKind::CallState(_)
                | InstKind::FrameSynced
                | InstKind::StoreGlobal(..)
                | InstKind::StoreFrame(..)
        )
    }
    /// The edges of a terminator: (target block, arguments) per successor.
    pub fn edges(&self) -> Vec<(Block, &[Val])> {
        match self {
            InstKind::Jump(t, a) => vec![(*t, &a[..])],
            InstKind::Branch(_, t, ta, e, ea) => vec![(*t, &ta[..]), (*e, &ea[..])],
            _ => vec![],
        }
    }
    /// Instructions that may rebind names (a runtime call runs arbitrary R
    /// code): what `callee_is`, `global_epoch_is` and `load_global` read.
    pub fn rebinds(&self) -> bool {
        matches!(
            self,
            InstKind::Runtime(..) | InstKind::StoreGlobal(..) | InstKind::StoreFrame(..)
        )
    }
    /// The values this instruction reads (frame states included), in
    /// operand order (a frame state's as `FrameState::values`).
    pub fn uses(&self) -> Vec<Val> {
        let mut out = Vec::new();
        let mut each = |v: &Val| out.push(*v);
        operands!(self, each, iter);
        out
    }

    /// Does the instruction read `v` (without collecting its operands)?
    pub fn reads(&self, v: Val) -> bool {
        let mut found = false;
        let mut each = |u: &Val| found |= *u == v;
        operands!(self, each, iter);
        found
    }

    /// Apply `g` to every operand (the same list, in the same order, as
    /// `uses`).
    pub fn map_uses(&mut self, mut g: impl FnMut(Val) -> Val) {
        let mut each = |v: &mut Val| *v = g(*v);
        operands!(self, each, iter_mut);
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct InstData {
    pub kind: InstKind,
    /// The value this instruction defines (`None` for Assume and terminators).
    pub result: Option<Val>,
    pub block: Block,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ValDef {
    Param(Block, u32),
    Inst(Inst),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValData {
    pub ty: Type,
    pub def: ValDef,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct BlockData {
    pub params: Vec<Val>,
    pub insts: Vec<Inst>,
}

/// One function in IR. `blocks[0]` is the entry; its parameters are the
/// function's entry values (for a continuation: the entry state).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Func {
    pub name: String,
    pub blocks: Vec<BlockData>,
    pub insts: Vec<InstData>,
    pub vals: Vec<ValData>,
    /// For a type-check `Assume`: the bytecode feedback slot its speculation
    /// came from (an exit records the offending type there). Not printed.
    pub assume_feedback: std::collections::BTreeMap<Inst, u32>,
    /// The functions inlined into this one (`CalleeIs` guards name them by
    /// index): their names, and their code's address, which only identifies
    /// the code (the caller's call feedback keeps it alive) and is never read.
    pub callees: Vec<Callee>,
}

/// A function inlined into a `Func` (see `Func::callees`): a closure's code
/// (by address) or a builtin (by index).
#[derive(Clone, Debug, PartialEq)]
pub struct Callee {
    pub name: String,
    pub code: usize,
    pub builtin: bool,
}

impl Func {
    pub fn new(name: &str) -> Func {
        Func {
            name: name.to_string(),
            ..Default::default()
        }
    }
    pub fn add_block(&mut self) -> Block {
        self.blocks.push(BlockData::default());
        Block(self.blocks.len() as u32 - 1)
    }
    pub fn add_param(&mut self, b: Block, ty: Type) -> Val {
        let idx = self.blocks[b.0 as usize].params.len() as u32;
        self.vals.push(ValData {
            ty,
            def: ValDef::Param(b, idx),
        });
        let v = Val(self.vals.len() as u32 - 1);
        self.blocks[b.0 as usize].params.push(v);
        v
    }
    /// Append an instruction to block `b`; returns its result value if `ty` is not Void.
    pub fn push(&mut self, b: Block, kind: InstKind, ty: Type) -> Option<Val> {
        let inst = Inst(self.insts.len() as u32);
        let result = if ty == Type::Void {
            None
        } else {
            self.vals.push(ValData {
                ty,
                def: ValDef::Inst(inst),
            });
            Some(Val(self.vals.len() as u32 - 1))
        };
        self.insts.push(InstData {
            kind,
            result,
            block: b,
        });
        self.blocks[b.0 as usize].insts.push(inst);
        result
    }
    /// Insert an instruction just before the terminator of `b` (or append).
    pub fn push_before_terminator(&mut self, b: Block, kind: InstKind, ty: Type) -> Val {
        let term = self.blocks[b.0 as usize]
            .insts
            .last()
            .copied()
            .filter(|&i| self.inst(i).kind.is_terminator());
        if let Some(t) = term {
            self.blocks[b.0 as usize].insts.pop();
            let v = self.push(b, kind, ty);
            self.blocks[b.0 as usize].insts.push(t);
            v.expect("push_before_terminator: instruction without a result")
        } else {
            self.push(b, kind, ty)
                .expect("push_before_terminator: instruction without a result")
        }
    }
    pub fn ty(&self, v: Val) -> Type {
        self.vals[v.0 as usize].ty
    }
    pub fn inst(&self, i: Inst) -> &InstData {
        &self.insts[i.0 as usize]
    }
    /// The defining instruction of `v`, if it is not a block parameter.
    pub fn def_inst(&self, v: Val) -> Option<Inst> {
        match self.vals[v.0 as usize].def {
            ValDef::Inst(i) => Some(i),
            ValDef::Param(..) => None,
        }
    }
    pub fn terminator(&self, b: Block) -> Option<&InstData> {
        self.blocks[b.0 as usize]
            .insts
            .last()
            .map(|&i| self.inst(i))
            .filter(|d| d.kind.is_terminator())
    }
    /// The arguments the edges into `b` emitted so far pass for its
    /// parameter `k`.
    pub fn incoming_args(&self, b: Block, k: u32) -> Vec<Val> {
        let mut out = Vec::new();
        for from in 0..self.blocks.len() {
            let Some(t) = self.terminator(Block(from as u32)) else {
                continue;
            };
            match &t.kind {
                InstKind::Jump(to, args) if *to == b => out.extend(args.get(k as usize)),
                InstKind::Branch(_, tt, ta, ft, fa) => {
                    if *tt == b {
                        out.extend(ta.get(k as usize));
                    }
                    if *ft == b {
                        out.extend(fa.get(k as usize));
                    }
                }
                _ => {}
            }
        }
        out
    }
    pub fn successors(&self, b: Block) -> Vec<Block> {
        match self.terminator(b).map(|d| &d.kind) {
            Some(InstKind::Jump(t, _)) => vec![*t],
            Some(InstKind::Branch(_, t, _, f, _)) => vec![*t, *f],
            _ => vec![],
        }
    }
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}
impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bb{}", self.0)
    }
}
