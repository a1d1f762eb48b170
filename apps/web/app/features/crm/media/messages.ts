import { defineMessages } from '../../../lib/i18n.ts';

/** The media library's texts (decision 041), zh and en with the same keys. */
export const mediaMessages = defineMessages({
  zh: {
    media: '资源库',
    chooseVideo: '选择视频',
    chooseDocument: '选择文档',
    noMaterials: '资源库中暂无匹配的资源',
    stateQueued: '等待转码',
    stateRunning: '转码中',
    stateReady: '可播放',
    stateFailed: '转码失败',
  },
  en: {
    media: 'Media library',
    chooseVideo: 'Choose a video',
    chooseDocument: 'Choose a document',
    noMaterials: 'No matching material in the library',
    stateQueued: 'Waiting to transcode',
    stateRunning: 'Transcoding',
    stateReady: 'Ready',
    stateFailed: 'Transcoding failed',
  },
});
