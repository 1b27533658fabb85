//! What is emitted when the attribute or the function is wrong: the errors, and the user's
//! item unchanged, so that one mistake gives one diagnostic. Without the item, every use
//! of the function would add a "cannot find" error; with it, nothing else breaks.

use proc_macro2::TokenStream;
use quote::quote;

/// The compile errors followed by the untouched item.
pub fn expand(error: syn::Error, item: TokenStream) -> TokenStream {
    let error = error.into_compile_error();
    quote! {
        #error
        #item
    }
}
