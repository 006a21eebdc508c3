//! Node types: what the search expects of a node, which decides how hard it
//! may be reduced. The driver (`engine.rs`) types the root's children and
//! the tree (`tree.rs`) the rest.

/// What a node is expected to be, which decides how hard it may be reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeType {
    /// On the principal variation, searched with an open window.
    Pv,
    /// Expected to fail high: one move should refute it.
    Cut,
    /// Expected to fail low: every move is searched and none beats alpha.
    All,
}

impl NodeType {
    /// The type of a child searched at full depth with a zero window. In a
    /// minimal tree the children of a cut node (its refutation) are all
    /// nodes, and those of all and PV nodes (every move, each refuted) are
    /// cut nodes.
    pub(crate) fn zero_window_child(self) -> NodeType {
        match self {
            NodeType::Cut => NodeType::All,
            NodeType::Pv | NodeType::All => NodeType::Cut,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NodeType;

    #[test]
    fn zero_window_children_alternate_between_cut_and_all() {
        assert_eq!(NodeType::Pv.zero_window_child(), NodeType::Cut);
        assert_eq!(NodeType::Cut.zero_window_child(), NodeType::All);
        assert_eq!(NodeType::All.zero_window_child(), NodeType::Cut);
    }
}
