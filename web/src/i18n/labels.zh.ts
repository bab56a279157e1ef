import zh from './zh.json';
import { mergeLabels, type Tree } from './labels';

export default mergeLabels(zh as Tree, import.meta.glob<Tree>('./areas/*.zh.json', { eager: true, import: 'default' }));
