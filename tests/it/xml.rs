//! Moodle XML read with quick-xml (a dev-dependency) into a small tree, for the quiz tests.

#![allow(dead_code)]

/// An element: its name, attributes, children and text.
#[derive(Debug, Default, Clone)]
pub struct Node {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Node>,
    pub text: String,
    pub cdata: bool,
}

impl Node {
    pub fn attr(&self, k: &str) -> Option<&str> {
        self.attrs.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str())
    }
    pub fn all(&self, name: &str) -> Vec<&Node> {
        self.children.iter().filter(|c| c.name == name).collect()
    }
    pub fn one(&self, name: &str) -> &Node {
        match self.all(name).as_slice() {
            [n] => n,
            other => panic!("<{}> has {} <{name}> children", self.name, other.len()),
        }
    }
    pub fn text_of(&self, name: &str) -> String {
        self.one(name).one("text").text.clone()
    }
}

pub fn parse_xml(src: &str) -> Node {
    use quick_xml::Reader;
    use quick_xml::events::Event;
    let mut reader = Reader::from_str(src);
    reader.config_mut().check_end_names = true;
    let mut stack: Vec<Node> = vec![Node::default()];
    loop {
        let ev = match reader.read_event() {
            Ok(e) => e,
            Err(e) => panic!("quiz.xml is not well-formed at byte {}: {e}", reader.buffer_position()),
        };
        match ev {
            Event::Start(e) => {
                let mut n = Node {
                    name: e.name().as_ref().to_string(),
                    ..Node::default()
                };
                for a in e.attributes() {
                    let a = match a {
                        Ok(a) => a,
                        Err(err) => panic!("bad attribute: {err}"),
                    };
                    let v = a
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .map(|v| v.to_string())
                        .unwrap_or_else(|err| panic!("bad attribute value: {err}"));
                    n.attrs.push((a.key.as_ref().to_string(), v));
                }
                stack.push(n);
            }
            Event::Empty(e) => {
                let n = Node {
                    name: e.name().as_ref().to_string(),
                    ..Node::default()
                };
                if let Some(top) = stack.last_mut() {
                    top.children.push(n);
                }
            }
            Event::End(_) => {
                let Some(n) = stack.pop() else { panic!("unbalanced end tag") };
                match stack.last_mut() {
                    Some(top) => top.children.push(n),
                    None => panic!("unbalanced end tag"),
                }
            }
            Event::Text(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                let name: &str = &r;
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => match quick_xml::escape::resolve_predefined_entity(name) {
                        Some(s) => s.to_string(),
                        None => panic!("unknown entity &{name};"),
                    },
                };
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&resolved);
                }
            }
            Event::CData(c) => {
                if let Some(top) = stack.last_mut() {
                    let s: &str = &c;
                    top.text.push_str(s);
                    top.cdata = true;
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(stack.len(), 1, "every element is closed");
    stack.pop().unwrap_or_default()
}
