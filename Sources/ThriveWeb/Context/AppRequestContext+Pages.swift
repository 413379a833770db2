import Hummingbird

extension AppRequestContext {
    /// Where a page sends a person who is not signed in: the login page, saying so when their
    /// session ran out.
    var toLogin: Response {
        .redirect(to: sessionEnded ? "/login?notice=expired" : "/login", type: .normal)
    }
}
