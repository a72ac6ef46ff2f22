"""Mounted at /api/teams/. `str` converters (not `slug`) so that any unknown slug or username
reaches the view and gets the API's JSON 404 rather than Django's HTML one."""

from django.urls import path

from arbiter.teams import api

urlpatterns = [
    path("", api.TeamListCreateApi.as_view(), name="list"),
    path("<str:slug>/", api.TeamDetailApi.as_view(), name="detail"),
    path("<str:slug>/join/", api.TeamJoinApi.as_view(), name="join"),
    path("<str:slug>/leave/", api.TeamLeaveApi.as_view(), name="leave"),
    path("<str:slug>/members/", api.MembershipListApi.as_view(), name="members"),
    path(
        "<str:slug>/members/<str:username>/",
        api.MembershipRemoveApi.as_view(),
        name="member-remove",
    ),
    path(
        "<str:slug>/members/<str:username>/promote/",
        api.MembershipPromoteApi.as_view(),
        name="member-promote",
    ),
    path(
        "<str:slug>/members/<str:username>/demote/",
        api.MembershipDemoteApi.as_view(),
        name="member-demote",
    ),
    path("<str:slug>/requests/", api.JoinRequestListApi.as_view(), name="requests"),
    path(
        "<str:slug>/requests/<int:request_id>/approve/",
        api.JoinRequestApproveApi.as_view(),
        name="request-approve",
    ),
    path(
        "<str:slug>/requests/<int:request_id>/refuse/",
        api.JoinRequestRefuseApi.as_view(),
        name="request-refuse",
    ),
]
