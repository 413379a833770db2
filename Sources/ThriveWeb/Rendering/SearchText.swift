import Hummingbird

extension Request {
    /// The text of a search box sent by a GET form: HTML forms encode spaces as "+", which the URI's
    /// query parameters leave as they are.
    func searchText(_ name: String = "q") -> String {
        uri.queryParameters.get(name).map { String($0).replacingOccurrences(of: "+", with: " ") } ?? ""
    }
}
