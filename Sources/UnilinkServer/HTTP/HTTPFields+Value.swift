import HTTPTypes

extension HTTPFields {
    /// `self[name]` without its cost for a field sent once: the subscript joins the values
    /// of every field of the name into a new string even when there is one, and each click
    /// reads its User-Agent and Accept-Language.
    func value(_ name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return self[name] }
            found = field.value
        }
        return found
    }
}
