import ThriveCore

/// The `lang` a page gives words written in another language than the page's own (Thrive's
/// programs and library pieces are English on a Spanish page), so a screen reader reads them as
/// written; nil when they match or are not known.
func contentLanguage(_ language: Language?) -> String? {
    guard let language, language != Localizer.current.language else { return nil }
    return language.rawValue
}
