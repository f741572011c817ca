//! The stack bytecode.
pub struct FunctionCode {
    pub name: String,
}
