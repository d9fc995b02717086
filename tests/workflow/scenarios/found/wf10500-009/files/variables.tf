variable "name" {
  type = string
  default = "alpha"
  nullable = false

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}
