//! One list of methods per trait, read twice: once to declare the trait
//! (with its defaults) and once to forward every method through an enum
//! of variants. A method added to the list is forwarded by the same
//! stroke, so the enum can never fall back on a default in place of its
//! variant's own method.
//!
//! A trait's list is a macro that hands its methods to a callback:
//!
//! ```ignore
//! macro_rules! view_methods {
//!     ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
//!         fn occupant(&self, v: Vertex) -> Option<Occupant>;
//!         fn label(&self, _v: Vertex) -> Option<String> { None }
//!     } };
//! }
//! view_methods!(declare_trait! { pub trait View [Position] });
//! view_methods!(forward_trait! { View for Game by dispatch });
//! ```
//!
//! Receivers are `&self` or `&mut self`; arguments are plain names (no
//! patterns) and there is no trailing comma.

/// Declares a trait: its attributes, name and bounds (in brackets), then
/// its methods as listed.
macro_rules! declare_trait {
    ($(#[$meta:meta])* $vis:vis trait $name:ident [$($bounds:tt)*] ; $($methods:tt)*) => {
        $(#[$meta])*
        $vis trait $name: $($bounds)* {
            $($methods)*
        }
    };
}
pub(crate) use declare_trait;

/// Implements a trait for an enum by calling each listed method on the
/// variant inside, through `$dispatch!(self, inner => call)`.
macro_rules! forward_trait {
    ($trait:ident for $ty:ident by $dispatch:ident ; $($methods:tt)*) => {
        $crate::game::forward_trait!(@methods $trait $ty, $dispatch [] $($methods)*);
    };
    (@methods $trait:ident $ty:ident, $dispatch:ident [$($done:tt)*]) => {
        impl $trait for $ty {
            $($done)*
        }
    };
    (@methods $trait:ident $ty:ident, $dispatch:ident [$($done:tt)*]
        $(#[$meta:meta])* fn $method:ident(&mut $self_:ident $(, $arg:ident: $argty:ty)*) $(-> $ret:ty)? ;
        $($rest:tt)*) => {
        $crate::game::forward_trait!(@methods $trait $ty, $dispatch [$($done)*
            fn $method(&mut $self_ $(, $arg: $argty)*) $(-> $ret)? { $dispatch!($self_, inner => inner.$method($($arg),*)) }
        ] $($rest)*);
    };
    (@methods $trait:ident $ty:ident, $dispatch:ident [$($done:tt)*]
        $(#[$meta:meta])* fn $method:ident(&mut $self_:ident $(, $arg:ident: $argty:ty)*) $(-> $ret:ty)? $default:block
        $($rest:tt)*) => {
        $crate::game::forward_trait!(@methods $trait $ty, $dispatch [$($done)*
            fn $method(&mut $self_ $(, $arg: $argty)*) $(-> $ret)? { $dispatch!($self_, inner => inner.$method($($arg),*)) }
        ] $($rest)*);
    };
    (@methods $trait:ident $ty:ident, $dispatch:ident [$($done:tt)*]
        $(#[$meta:meta])* fn $method:ident(&$self_:ident $(, $arg:ident: $argty:ty)*) $(-> $ret:ty)? ;
        $($rest:tt)*) => {
        $crate::game::forward_trait!(@methods $trait $ty, $dispatch [$($done)*
            fn $method(&$self_ $(, $arg: $argty)*) $(-> $ret)? { $dispatch!($self_, inner => inner.$method($($arg),*)) }
        ] $($rest)*);
    };
    (@methods $trait:ident $ty:ident, $dispatch:ident [$($done:tt)*]
        $(#[$meta:meta])* fn $method:ident(&$self_:ident $(, $arg:ident: $argty:ty)*) $(-> $ret:ty)? $default:block
        $($rest:tt)*) => {
        $crate::game::forward_trait!(@methods $trait $ty, $dispatch [$($done)*
            fn $method(&$self_ $(, $arg: $argty)*) $(-> $ret)? { $dispatch!($self_, inner => inner.$method($($arg),*)) }
        ] $($rest)*);
    };
}
pub(crate) use forward_trait;
