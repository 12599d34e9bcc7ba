from django.urls import path

from lists.calculator import views

app_name = "calculator"

urlpatterns = [
    path("", views.calculator, name="index"),
]
