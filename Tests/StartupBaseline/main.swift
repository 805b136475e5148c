// startup-baseline: what `cocoacasts --version` is measured against (Scripts/bench row 6c): a
// static Swift program that imports Foundation, decodes JSON and parses a URL, and no more.
import Foundation

struct Greeting: Decodable { let text: String }
let greeting = try JSONDecoder().decode(Greeting.self, from: Data(#"{"text": "hello"}"#.utf8))
print(greeting.text, URL(string: "https://cocoacasts.com/api/v1")?.host ?? "")
