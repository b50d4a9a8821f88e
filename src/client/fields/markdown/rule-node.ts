// A thematic break (`---`): Lexical's own lives in @lexical/react, which this
// client does not load, so it is this small decorator.
import { DecoratorNode, type LexicalNode, type SerializedLexicalNode } from 'lexical';

/** A horizontal rule between blocks: selected and deleted as a unit. */
export class RuleNode extends DecoratorNode<null> {
  static override getType(): string {
    return 'louise-rule';
  }

  static override clone(node: RuleNode): RuleNode {
    return new RuleNode(node.__key);
  }

  override createDOM(): HTMLElement {
    const hr = document.createElement('hr');
    hr.contentEditable = 'false';
    return hr;
  }

  override updateDOM(): false {
    return false;
  }

  static override importJSON(json: SerializedLexicalNode): RuleNode {
    return new RuleNode().updateFromJSON(json);
  }

  override decorate(): null {
    return null;
  }

  /** A block of its own (a decorator is inline unless it says so, and Lexical would wrap it in a paragraph). */
  override isInline(): false {
    return false;
  }

  override isKeyboardSelectable(): boolean {
    return true;
  }
}

/** A new thematic break. */
export const $createRuleNode = (): RuleNode => new RuleNode();

/** Whether `node` is a thematic break. */
export const $isRuleNode = (node: LexicalNode | null | undefined): node is RuleNode => node instanceof RuleNode;
