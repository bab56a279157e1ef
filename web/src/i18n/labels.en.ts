import en from './en.json';
import { mergeLabels, type Tree } from './labels';

export default mergeLabels(en as Tree, import.meta.glob<Tree>('./areas/*.en.json', { eager: true, import: 'default' }));
