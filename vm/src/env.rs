//! Environments (frames of variables) with lexical parents.
use std::rc::Rc;
pub struct EnvFrame;
pub type Env = Rc<EnvFrame>;
