import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the gallery as XML, the strictest way to check it is well-formed: every
/// element closed, every attribute quoted, every `&` and `<` escaped.
final class MarkupReader: NSObject, XMLParserDelegate {
    /// One element: its name, attributes and the text inside it, its children's included.
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
    }

    /// Every element, in document order.
    private(set) var elements: [Element] = []
    /// Why the markup is not well-formed, or `nil`.
    private(set) var error: (any Error)?
    private var open: [Int] = []

    /// Parses `markup`; ``error`` says whether it was well-formed.
    init(_ markup: String) {
        super.init()
        let parser = XMLParser(data: Data(markup.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    /// The elements named `name`.
    func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }
}
